import type { Facility } from '../api/reservations'

/** A facility as the API answers it: open 09:00–22:00 every day in hourly slots, with the default rules. */
export function facility(fields: Partial<Facility> & Pick<Facility, 'id' | 'name'>): Facility {
  return {
    description: '',
    photoUrl: null,
    capacity: 1,
    hours: Array.from({ length: 7 }, () => ({ closed: false, open: '09:00', close: '22:00' })),
    slotMinutes: 60,
    minMinutes: 60,
    maxMinutes: 240,
    maxPerMonth: 2,
    cancelHours: 24,
    horizonDays: 90,
    depositCents: 0,
    needsApproval: false,
    rules: '',
    closures: [],
    archived: false,
    timeZone: 'Europe/Madrid',
    nextFree: [],
    ...fields,
  }
}
