import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { AvailabilityDay } from '../api/reservations'
import { currentMonth, lastBookableDate, shiftMonth } from '../lib/format'
import { facility } from './facility'

const hall = facility({ id: 'hall', name: 'Sala comunitaria' })

/** A month whose every day has one 18:00–19:00 slot, past or not. */
function month(m: string, past: boolean) {
  const [y = 0, mm = 1] = m.split('-').map(Number)
  const days: AvailabilityDay[] = Array.from({ length: new Date(Date.UTC(y, mm, 0)).getUTCDate() }, (_, i) => {
    const date = `${m}-${String(i + 1).padStart(2, '0')}`
    return {
      date,
      closed: false,
      closedReason: '',
      slots: [{ start: '18:00', end: '19:00', free: 1, mine: false, past }],
    }
  })
  return { facilityId: 'hall', month: m, timeZone: 'Europe/Madrid', days }
}

describe('month calendar', () => {
  it('does not let a day of the previous month be picked while the next one loads', async () => {
    const now = currentMonth('Europe/Madrid')
    const next = shiftMonth(now, 1)
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    fakeApi.signIn({ ...testUser, communityId: 'community-1' })
    fakeApi.on('GET /api/v1/facilities', () => json({ timeZone: 'Europe/Madrid', items: [hall] }))
    fakeApi.on('GET /api/v1/reservations', () => json({ items: [] }))
    fakeApi.on('GET /api/v1/facilities/{id}/availability', async (req) => {
      if (req.query.month === next) await held
      return json(month(req.query.month ?? now, req.query.month !== next))
    })
    const { user } = renderRoute('/reservations')

    await user.click(await screen.findByRole('tab', { name: 'Calendario' }))
    const days = await screen.findByRole('list', { name: 'Días del mes' })
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }))

    // This month's days stay on screen, dimmed, and cannot be tapped.
    expect(days).toHaveAttribute('aria-busy', 'true')
    for (const day of within(days).getAllByRole('button')) expect(day).toBeDisabled()

    release()
    const fifteenth = await within(days).findByRole('button', { name: /, 15 de .*: 1 hueco libre/ })
    expect(fifteenth).toBeEnabled()
    expect(days).toHaveAttribute('aria-busy', 'false')
    await user.click(fifteenth)
    expect(screen.getByRole('button', { name: '18:00–19:00: Libre' })).toBeEnabled()
  })

  it("offers no day after the facility's horizon, nor the months after it", async () => {
    const near = facility({ id: 'hall', name: 'Sala comunitaria', horizonDays: 1 })
    const now = currentMonth('Europe/Madrid')
    const last = lastBookableDate(near)
    fakeApi.signIn({ ...testUser, communityId: 'community-1' })
    fakeApi.on('GET /api/v1/facilities', () => json({ timeZone: 'Europe/Madrid', items: [near] }))
    fakeApi.on('GET /api/v1/reservations', () => json({ items: [] }))
    fakeApi.on('GET /api/v1/facilities/{id}/availability', (req) => json(month(req.query.month ?? now, false)))
    const { user } = renderRoute('/reservations')

    await user.click(await screen.findByRole('tab', { name: 'Calendario' }))
    const days = await screen.findByRole('list', { name: 'Días del mes' })
    let beyond = 0
    for (const [i, day] of within(days).getAllByRole('button').entries()) {
      const date = `${now}-${String(i + 1).padStart(2, '0')}`
      if (date > last) {
        beyond++
        expect(day).toBeDisabled()
        expect(day).toHaveAccessibleName(/Todavía no se puede reservar$/)
      } else {
        expect(day).toBeEnabled()
      }
    }
    // Tomorrow is the last day: the next month opens only when tomorrow is in it.
    const next = screen.getByRole('button', { name: 'Mes siguiente' })
    if (last.slice(0, 7) === now) {
      expect(next).toBeDisabled()
      // Every day after tomorrow is refused: none when tomorrow is the month's last day.
      expect(beyond).toBe(within(days).getAllByRole('button').length - Number(last.slice(8)))
    } else {
      await user.click(next)
      expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled()
    }
  })
})
