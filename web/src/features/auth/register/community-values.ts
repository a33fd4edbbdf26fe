// What the later steps of the registration (Comunidad, Contactos) offer and read, in their chunk
// (later-steps.ts): the street types, the roles, the address of a community found by its code.

/** Street types offered in registration (spec 01, section 9); the value is sent in Spanish. */
export const STREET_TYPES = ['Calle', 'Avenida', 'Plaza', 'Paseo', 'Travesía', 'Camino', 'Carretera'] as const
export type StreetType = (typeof STREET_TYPES)[number]

/** Registration roles (spec 01, section 3). */
export const COMMUNITY_ROLES = ['Presidente', 'Propietario', 'Inquilino', 'Otros'] as const
export type CommunityRole = (typeof COMMUNITY_ROLES)[number]

/** Registration is for buildings in Madrid for now (spec 01, section 9). */
export const REGISTRATION_CITY = 'Madrid'
export const DEFAULT_COUNTRY = 'España'
export const CATASTRAL_REFERENCE_LENGTH = 20
export const CATASTRO_SEARCH_URL = 'https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx?buscar=S'

/**
 * Best effort split of a community's one-line address ("Calle Mayor 5", "Avenida de la Paz, 12") into the
 * form's street type, name and number; what cannot be split stays in the name.
 */
export function splitAddress(address: string): { streetType: StreetType; streetName: string; streetNumber: string } {
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
