import type { CommunityRole, StreetType } from './community-values'

export const INVITE_CODE_LENGTH = 8

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
