import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { Facility } from '../api/reservations'
import { sameEveryDay, weekBody, weekFrom } from '../lib/hours'
import { facility } from './facility'

const day = (open: string, close: string) => ({ closed: false, open, close })
const closed = { closed: true, open: '00:00', close: '00:00' }

const pool = facility({
  id: 'pool',
  name: 'Piscina',
  capacity: 20,
  // Sunday first: closed on Sundays, 10:00–20:00 on weekdays, until midnight on Saturdays.
  hours: [closed, day('10:00', '20:00'), day('10:00', '20:00'), day('10:00', '20:00'), day('10:00', '20:00'), day('10:00', '20:00'), day('10:00', '24:00')],
})

function admin(facilities: Facility[]) {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
  fakeApi.on('GET /api/v1/facilities', () => json({ timeZone: 'Europe/Madrid', items: facilities }))
  fakeApi.on('GET /api/v1/reservations', () => json({ items: [] }))
  fakeApi.on('POST /api/v1/facilities', (req) => json({ ...pool, ...(req.body as object), id: 'new' }, 201))
  fakeApi.on('PATCH /api/v1/facilities/{id}', (req) => json({ ...pool, ...(req.body as object) }))
}

describe('facility form: opening hours per weekday', () => {
  it('opens 09:00–22:00 every day by default, and sends a closed Sunday and a Saturday until midnight', async () => {
    admin([])
    const { user } = renderRoute('/reservations')

    await user.click(await screen.findByRole('button', { name: 'Nueva instalación' }))
    const dialog = screen.getByRole('dialog', { name: 'Nueva instalación' })
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Sala comunitaria' } })
    const same = within(dialog).getByRole('checkbox', { name: 'El mismo horario todos los días' })
    expect(same).toBeChecked()
    expect(within(dialog).getByLabelText('Abre')).toHaveValue('09:00')
    expect(within(dialog).getByLabelText('Cierra')).toHaveValue('22:00')

    await user.click(same)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cerrado (domingo)' }))
    expect(within(dialog).queryByLabelText('Abre (domingo)')).not.toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Abre (sábado)'), { target: { value: '10:00' } })
    fireEvent.change(within(dialog).getByLabelText('Cierra (sábado)'), { target: { value: '00:00' } })
    await user.click(within(dialog).getByRole('button', { name: 'Crear instalación' }))

    await screen.findByText('Instalación creada')
    const [sent] = fakeApi.calls('POST /api/v1/facilities')
    const weekday = { closed: false, open: '09:00', close: '22:00' }
    expect((sent?.body as { hours: unknown }).hours).toEqual([
      { closed: true, open: '09:00', close: '22:00' },
      weekday,
      weekday,
      weekday,
      weekday,
      weekday,
      { closed: false, open: '10:00', close: '24:00' },
    ])
  })

  it('shows a facility’s own hours day by day, Monday first, and setting them the same applies them to all', async () => {
    admin([pool])
    const { user } = renderRoute('/reservations')

    await user.click(await screen.findByRole('button', { name: 'Editar' }))
    const dialog = screen.getByRole('dialog', { name: 'Editar instalación' })
    expect(within(dialog).getByRole('checkbox', { name: 'El mismo horario todos los días' })).not.toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: 'Cerrado (domingo)' })).toBeChecked()
    expect(within(dialog).getByLabelText('Cierra (sábado)')).toHaveValue('00:00')
    expect(within(dialog).getByLabelText('Abre (lunes)')).toHaveValue('10:00')
    const days = within(dialog)
      .getAllByRole('checkbox', { name: /^Cerrado/ })
      .map((c) => c.closest('label')?.textContent)
    expect(days).toEqual(['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'].map((d) => `Cerrado (${d})`))

    await user.click(within(dialog).getByRole('checkbox', { name: 'El mismo horario todos los días' }))
    expect(within(dialog).getByLabelText('Abre')).toHaveValue('10:00')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }))

    await screen.findByText('Instalación guardada')
    const [sent] = fakeApi.calls('PATCH /api/v1/facilities/{id}')
    expect((sent?.body as { hours: unknown }).hours).toEqual(Array.from({ length: 7 }, () => ({ closed: false, open: '10:00', close: '20:00' })))
  })
})

describe('hours', () => {
  it('round-trips the API’s week, midnight included', () => {
    const week = weekFrom(pool.hours)
    expect(week[6]).toEqual({ closed: false, open: '10:00', close: '00:00' })
    expect(week[0]).toEqual({ closed: true, open: '09:00', close: '22:00' })
    expect(sameEveryDay(week)).toBe(false)
    expect(weekBody(week)[6]).toEqual({ closed: false, open: '10:00', close: '24:00' })
    expect(sameEveryDay(weekFrom(undefined))).toBe(true)
  })
})
