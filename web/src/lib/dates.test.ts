import { describe, expect, it } from 'vitest'
import {
  combineDateAndTime,
  dateLocale,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonth,
  formatTime,
  toDateInputValue,
  toTimeInputValue,
} from './dates'

const moment = new Date(2025, 2, 5, 14, 30) // 5 March 2025, 14:30 local time

describe('dates in es-ES', () => {
  it('shows day, month, year, hour and minute', () => {
    expect(formatDateTime(moment, 'es')).toBe('05/03/2025, 14:30')
    expect(formatDate(moment, 'es')).toBe('05/03/2025')
    expect(formatTime(moment, 'es')).toBe('14:30')
  })

  it('writes the long date and the month in Spanish', () => {
    expect(formatLongDate(moment, 'es')).toBe('miércoles, 5 de marzo de 2025')
    expect(formatMonth(moment, 'es')).toBe('marzo 2025')
  })

  it('defaults to Spanish and accepts ISO strings', () => {
    expect(formatDate(moment.toISOString())).toBe('05/03/2025')
    expect(dateLocale('xx').code).toBe('es')
  })
})

describe('dates in the other languages', () => {
  it('uses Catalan and British English when switched', () => {
    expect(formatLongDate(moment, 'ca')).toBe('dimecres, 5 de març 2025')
    expect(formatLongDate(moment, 'en')).toBe('Wednesday, 5 March 2025')
    expect(dateLocale('en').options?.weekStartsOn).toBe(1)
  })
})

describe('form values', () => {
  it('round-trips date and time inputs', () => {
    expect(toDateInputValue(moment)).toBe('2025-03-05')
    expect(toTimeInputValue(moment)).toBe('14:30')
    expect(combineDateAndTime('2025-03-05', '14:30')?.getTime()).toBe(moment.getTime())
    expect(combineDateAndTime('', '14:30')).toBeNull()
  })
})
