/** The zones of Spain: the peninsula and the Balearic Islands, the Canary Islands, Ceuta and Melilla. */
export const SPANISH_TIME_ZONES = ['Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta'] as const

/** Other zones a community may be in: Spain's neighbours, Europe, and where Spanish is spoken. */
const OTHER_TIME_ZONES = [
  'Europe/Lisbon',
  'Atlantic/Madeira',
  'Atlantic/Azores',
  'Europe/Andorra',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Brussels',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'Europe/Zurich',
  'Europe/Rome',
  'Europe/Athens',
  'Europe/Bucharest',
  'Africa/Casablanca',
  'America/Mexico_City',
  'America/Bogota',
  'America/Lima',
  'America/Caracas',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'America/New_York',
  'UTC',
]

/** The zones offered besides Spain's, by name; the current zone (an admin may have set any IANA zone
 * through the API) is always among them. */
export function otherTimeZones(current: string | undefined): string[] {
  const spanish: readonly string[] = SPANISH_TIME_ZONES
  const others = [...OTHER_TIME_ZONES]
  if (current && !spanish.includes(current) && !others.includes(current)) others.push(current)
  return others.sort((a, b) => a.localeCompare(b))
}
