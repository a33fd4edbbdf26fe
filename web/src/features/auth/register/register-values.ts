/** Street types offered in registration (spec 01, section 9); the value is sent in Spanish. */
export const STREET_TYPES = ['Calle', 'Avenida', 'Plaza', 'Paseo', 'Travesía', 'Camino', 'Carretera'] as const
export type StreetType = (typeof STREET_TYPES)[number]

/** Registration roles (spec 01, section 3). */
export const COMMUNITY_ROLES = ['Presidente', 'Propietario', 'Inquilino', 'Otros'] as const
export type CommunityRole = (typeof COMMUNITY_ROLES)[number]

/** Registration is for buildings in Madrid for now (spec 01, section 9). */
export const REGISTRATION_CITY = 'Madrid'
export const DEFAULT_COUNTRY = 'España'
export const INVITE_CODE_LENGTH = 8
export const CATASTRAL_REFERENCE_LENGTH = 20
export const CATASTRO_SEARCH_URL = 'https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx?buscar=S'

/** Everything the three steps collect; numbers stay text while typed and are parsed when sent. */
export interface RegisterValues {
  // Step 0, Cuenta
  fullName: string
  email: string
  password: string
  // Step 1, Comunidad
  inviteCode: string
  catastralReference: string
  streetType: StreetType
  streetName: string
  streetNumber: string
  floor: string
  postalCode: string
  floorsCount: string
  doorsPerFloor: string
  nomenclature: string
  hasStairs: boolean
  stairsCount: string
  hasPortals: boolean
  portalsCount: string
  observations: string
  // Step 2, Contactos
  communityRole: CommunityRole | ''
  roleComments: string
  knowsPresident: boolean
  presidentName: string
  presidentFloor: string
  presidentEmail: string
  presidentPhone: string
  inviteeEmails: string
  acceptTerms: boolean
}

export type RegisterField = keyof RegisterValues

export const DEFAULT_REGISTER_VALUES: RegisterValues = {
  fullName: '',
  email: '',
  password: '',
  inviteCode: '',
  catastralReference: '',
  streetType: 'Calle',
  streetName: '',
  streetNumber: '',
  floor: '',
  postalCode: '',
  floorsCount: '',
  doorsPerFloor: '',
  nomenclature: '',
  hasStairs: false,
  stairsCount: '1',
  hasPortals: false,
  portalsCount: '1',
  observations: '',
  communityRole: '',
  roleComments: '',
  knowsPresident: false,
  presidentName: '',
  presidentFloor: '',
  presidentEmail: '',
  presidentPhone: '',
  inviteeEmails: '',
  acceptTerms: false,
}

/** The building's address: filled from the community an invitation code finds, and locked meanwhile. */
export const ADDRESS_FIELDS = [
  'catastralReference',
  'streetType',
  'streetName',
  'streetNumber',
  'postalCode',
] as const satisfies readonly RegisterField[]

export type AddressValues = Pick<RegisterValues, (typeof ADDRESS_FIELDS)[number]>

/** An invitation code as typed: upper case, letters and digits only, at most 8 characters. */
export function normalizeInviteCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, INVITE_CODE_LENGTH)
}

/**
 * Best effort split of a community's one-line address ("Calle Mayor 5", "Avenida de la Paz, 12") into the
 * form's street type, name and number; what cannot be split stays in the name.
 */
export function splitAddress(address: string): Pick<AddressValues, 'streetType' | 'streetName' | 'streetNumber'> {
  let rest = address.trim()
  const streetType =
    STREET_TYPES.find((type) => rest.toLocaleLowerCase('es').startsWith(`${type.toLocaleLowerCase('es')} `)) ?? 'Calle'
  if (rest.toLocaleLowerCase('es').startsWith(`${streetType.toLocaleLowerCase('es')} `)) {
    rest = rest.slice(streetType.length).trim()
  }
  const numbered = /^(.+?)[\s,]+(?:n\.?º\s*)?(\d+[A-Za-z]?)$/u.exec(rest)
  if (numbered?.[1] && numbered[2]) return { streetType, streetName: numbered[1].trim(), streetNumber: numbered[2] }
  return { streetType, streetName: rest, streetNumber: '' }
}

/** Emails typed one per line or separated by commas (or semicolons, or spaces), without repeats. */
export function parseEmailList(text: string): string[] {
  const seen = new Set<string>()
  const emails: string[] = []
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim()
    if (email && !seen.has(email.toLowerCase())) {
      seen.add(email.toLowerCase())
      emails.push(email)
    }
  }
  return emails
}
