import { describe, expect, it } from 'vitest'
import { formatLocalDate } from '@/lib/local-date'
import { euros, formatMonthName, lastBookableDate, shiftMonth } from './format'

describe('reservation formats', () => {
  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-03', 1)).toBe('2026-04')
  })

  it("writes the community's date whatever the browser's zone", () => {
    // Read at noon UTC: the 29th stays the 29th (the day the clocks change in Madrid).
    expect(formatLocalDate('2026-03-29', 'es', true)).toBe('domingo, 29 de marzo')
    expect(formatMonthName('2026-05', 'es')).toBe('mayo de 2026')
  })

  it("ends the bookable dates at the facility's horizon, counted from the community's today", () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    const now = new Date('2026-12-31T23:30:00Z')
    expect(lastBookableDate({ timeZone: 'Europe/Madrid', horizonDays: 90 }, now)).toBe('2027-04-01')
    expect(lastBookableDate({ timeZone: 'Atlantic/Canary', horizonDays: 90 }, now)).toBe('2027-03-31')
    expect(lastBookableDate({ timeZone: 'Europe/Madrid', horizonDays: 1 }, now)).toBe('2027-01-02')
  })

  it('writes euros', () => {
    expect(euros(5000, 'es')).toMatch(/^50\s€$/)
    expect(euros(1250, 'es')).toMatch(/^12,50\s€$/)
  })
})
