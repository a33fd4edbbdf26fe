import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CommunityEvent } from '@/lib/events'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { EventFormDialog } from './event-form-dialog'

const saved: CommunityEvent = {
  id: 'e-9',
  title: 'Fiesta de verano',
  description: null,
  location: 'Terraza',
  startAt: new Date(2030, 5, 21, 18, 30).toISOString(),
  endAt: new Date(2030, 5, 21, 21, 0).toISOString(),
  status: 'scheduled',
  createdBy: 'user-1',
  createdByName: 'Ana García',
  createdAt: '2030-01-01T10:00:00Z',
  updatedAt: '2030-01-01T10:00:00Z',
  deletedAt: null,
  canEdit: true,
}

function renderDialog(props: { event?: CommunityEvent; onCreated?: (e: CommunityEvent) => void }) {
  const onOpenChange = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <EventFormDialog open onOpenChange={onOpenChange} defaultDate={new Date(2030, 5, 21)} {...props} />
    </QueryClientProvider>,
  )
  return { onOpenChange, user: userEvent.setup() }
}

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
})

describe('the shared event form', () => {
  it('creates the event from the date and times of its DateTimeFields and hands it to the caller', async () => {
    fakeApi.on('POST /api/v1/events', () => json(saved, 201))
    const onCreated = vi.fn()
    const { onOpenChange, user } = renderDialog({ onCreated })
    const dialog = within(await screen.findByRole('dialog', { name: 'Nuevo Evento' }))

    expect(dialog.getByLabelText('Fecha')).toHaveValue('2030-06-21')
    expect(dialog.getByLabelText('Fecha')).toBeRequired()
    expect(dialog.getByLabelText('Hora de fin (opcional)')).not.toBeRequired()
    await user.type(dialog.getByLabelText('Título'), 'Fiesta de verano')
    await user.type(dialog.getByLabelText('Hora de inicio'), '18:30')
    await user.type(dialog.getByLabelText('Hora de fin (opcional)'), '21:00')
    await user.click(dialog.getByRole('button', { name: 'Crear Evento' }))

    await vi.waitFor(() => {
      expect(onCreated).toHaveBeenCalledWith(saved)
    })
    const sent = fakeApi.requests.find((r) => r.method === 'POST' && r.path === '/api/v1/events')
    expect(sent?.body).toEqual({ title: 'Fiesta de verano', startAt: saved.startAt, endAt: saved.endAt })
    expect(onOpenChange).toHaveBeenCalledWith(false)
  }, 15_000)

  it('edits an event, and an emptied end time clears it', async () => {
    fakeApi.on('PATCH /api/v1/events/{id}', () => json(saved))
    const onCreated = vi.fn()
    const { onOpenChange, user } = renderDialog({ event: saved, onCreated })
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Evento' }))

    expect(dialog.getByLabelText('Hora de inicio')).toHaveValue('18:30')
    await user.clear(dialog.getByLabelText('Hora de fin (opcional)'))
    await user.click(dialog.getByRole('button', { name: 'Actualizar Evento' }))

    await vi.waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false)
    })
    const sent = fakeApi.requests.find((r) => r.method === 'PATCH')
    expect(sent?.path).toBe('/api/v1/events/e-9')
    expect(sent?.body).toMatchObject({ title: 'Fiesta de verano', location: 'Terraza', clearEndAt: true })
    expect(onCreated).not.toHaveBeenCalled()
  })
})
