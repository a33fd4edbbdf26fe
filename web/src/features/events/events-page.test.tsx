import { screen, within } from '@testing-library/react'
import { addDays, format, setHours, startOfDay } from 'date-fns'
import { es } from 'date-fns/locale'
import { beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/lib/api/schema'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

type CommunityEvent = components['schemas']['Event']

function event(overrides: Partial<CommunityEvent>): CommunityEvent {
  return {
    id: 'e-1',
    title: 'Junta de vecinos',
    description: 'Orden del día en el portal',
    location: 'Portal',
    startAt: new Date().toISOString(),
    endAt: null,
    status: 'scheduled',
    createdBy: 'user-2',
    createdByName: 'Luis Pérez',
    createdAt: '2025-01-01T10:00:00Z',
    updatedAt: '2025-01-01T10:00:00Z',
    deletedAt: null,
    canEdit: false,
    ...overrides,
  }
}

const today = startOfDay(new Date())
const inThreeDays = addDays(today, 3)
const todays = event({ id: 'e-1', title: 'Junta de vecinos', startAt: setHours(today, 12).toISOString(), endAt: setHours(today, 13).toISOString() })
const later = event({ id: 'e-2', title: 'Limpieza del jardín', startAt: setHours(inThreeDays, 10).toISOString(), canEdit: true })

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
  fakeApi.on('GET /api/v1/community/members', () => json([]))
  fakeApi.on('GET /api/v1/events', () => json({ items: [todays, later] }))
})

describe('events list', () => {
  it("puts today's events under 'Hoy' and later ones under 'Próximos Eventos'", async () => {
    renderRoute('/events')

    const hoy = within(await screen.findByRole('region', { name: 'Hoy' }))
    const proximos = within(screen.getByRole('region', { name: 'Próximos Eventos' }))
    expect(hoy.getByRole('article', { name: 'Junta de vecinos' })).toBeInTheDocument()
    expect(hoy.getByText('12:00 – 13:00')).toBeInTheDocument()
    expect(hoy.queryByRole('article', { name: 'Limpieza del jardín' })).not.toBeInTheDocument()
    expect(proximos.getByRole('article', { name: 'Limpieza del jardín' })).toBeInTheDocument()
    expect(proximos.getByText(`${format(inThreeDays, 'dd/MM/yyyy')} · 10:00`)).toBeInTheDocument()
    // Edit/Delete only where the user may.
    expect(proximos.getByRole('button', { name: 'Editar evento: Limpieza del jardín' })).toBeInTheDocument()
    expect(hoy.queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument()
  })

  it("says 'No hay eventos próximos' without events", async () => {
    fakeApi.on('GET /api/v1/events', () => json({ items: [] }))
    renderRoute('/events')

    expect(await screen.findByText('No hay eventos próximos')).toBeInTheDocument()
  })

  it('keeps the create button disabled until title, date and start time are set', async () => {
    const { user } = renderRoute('/events')
    await screen.findByRole('region', { name: 'Hoy' })

    await user.click(screen.getByRole('button', { name: 'Nuevo Evento' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nuevo Evento' }))
    const create = dialog.getByRole('button', { name: 'Crear Evento' })
    expect(create).toBeDisabled()
    await user.type(dialog.getByLabelText('Título'), 'Fiesta de verano')
    expect(create).toBeDisabled()
    await user.type(dialog.getByLabelText('Hora de inicio'), '18:30')
    expect(create).toBeEnabled()
    expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
  })
})

describe('events calendar', () => {
  it('shows the events of the selected day and prefills a new event with it', async () => {
    const { user } = renderRoute('/events')
    await screen.findByRole('region', { name: 'Hoy' })

    await user.click(screen.getByRole('button', { name: 'Calendario' }))

    const todayLong = format(today, 'PPPP', { locale: es })
    const dayOfEvents = await screen.findByRole('region', { name: `Eventos del ${todayLong}` })
    expect(within(dayOfEvents).getByRole('article', { name: 'Junta de vecinos' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `${todayLong}, con eventos` })).toHaveAttribute('aria-pressed', 'true')

    const otherLong = format(inThreeDays, 'PPPP', { locale: es })
    // Near the end of the month the day may be in the next month's grid.
    if (!screen.queryByRole('button', { name: `${otherLong}, con eventos` })) {
      await user.click(screen.getByRole('button', { name: 'Mes siguiente' }))
    }
    await user.click(screen.getByRole('button', { name: `${otherLong}, con eventos` }))
    const other = await screen.findByRole('region', { name: `Eventos del ${otherLong}` })
    expect(within(other).getByRole('article', { name: 'Limpieza del jardín' })).toBeInTheDocument()

    // A day without events (its name does not end in 'con eventos').
    const emptyDay = screen.getAllByRole('button', { name: /^\S+, \d+ de \S+ de \d{4}$/ })[0]
    if (!emptyDay) throw new Error('no day without events in the grid')
    await user.click(emptyDay)
    expect(await screen.findByText('No hay eventos en esta fecha')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Nuevo Evento' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nuevo Evento' }))
    expect(dialog.getByLabelText('Fecha')).toHaveValue(emptyDay.dataset.day)
  })
})
