import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '@/lib/api/schema'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

type Incident = components['schemas']['Incident']

const members = [
  { id: 'user-1', fullName: 'Ana García', avatarUrl: null, role: 'user' },
  { id: 'user-2', fullName: 'Luis Pérez', avatarUrl: null, role: 'user' },
]

function incident(overrides: Partial<Incident>): Incident {
  return {
    id: 'i-1',
    title: 'Gotera en el garaje',
    description: 'Cae agua junto a la plaza 12',
    location: 'Garaje',
    priority: 'high',
    status: 'open',
    createdBy: 'user-2',
    createdByName: 'Luis Pérez',
    assignedTo: 'user-2',
    assignedToName: 'Luis Pérez',
    imageUrl: null,
    createdAt: '2025-03-05T13:30:00Z',
    updatedAt: '2025-03-05T13:30:00Z',
    deletedAt: null,
    canEdit: false,
    ...overrides,
  }
}

const mine = incident({ id: 'i-2', title: 'Luz fundida en el portal', createdBy: 'user-1', createdByName: 'Ana García', canEdit: true, priority: 'low' })
const others = incident({})

/** The query strings of the requests to /api/v1/incidents (the fake API records paths only). */
let listQueries: URLSearchParams[] = []

beforeEach(() => {
  listQueries = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.pathname === '/api/v1/incidents' && request.method === 'GET') listQueries.push(url.searchParams)
    return fakeApi.fetch(request)
  })
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
  fakeApi.on('GET /api/v1/community/members', () => json(members))
  fakeApi.on('GET /api/v1/incidents', () => {
    const onlyMine = listQueries.at(-1)?.get('mine') === 'true'
    return json({ items: onlyMine ? [mine] : [mine, others], nextCursor: null })
  })
})

describe('incidents', () => {
  it('lists the incidents with their status and priority; edit only on those the user may change', async () => {
    renderRoute('/incidents')

    expect(await screen.findByRole('heading', { level: 1, name: 'Incidencias' })).toBeInTheDocument()
    expect(screen.getByText('Gestiona las incidencias de tu comunidad')).toBeInTheDocument()
    const own = await screen.findByRole('article', { name: 'Luz fundida en el portal' })
    const foreign = screen.getByRole('article', { name: 'Gotera en el garaje' })
    expect(within(foreign).getByText('Abierta')).toBeInTheDocument()
    expect(within(foreign).getByText('Alta')).toHaveClass('bg-red-100')
    expect(within(own).getByText('Baja')).toHaveClass('bg-green-100')
    expect(within(own).getByRole('button', { name: 'Editar incidencia: Luz fundida en el portal' })).toBeInTheDocument()
    expect(within(foreign).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument()
  })

  it("'Mis incidencias' asks only for those created by or assigned to the user", async () => {
    const { user } = renderRoute('/incidents')
    await screen.findByRole('article', { name: 'Gotera en el garaje' })

    await user.click(screen.getByRole('button', { name: 'Mis incidencias' }))

    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Gotera en el garaje' })).not.toBeInTheDocument()
    })
    expect(screen.getByRole('article', { name: 'Luz fundida en el portal' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mis incidencias' })).toHaveAttribute('aria-pressed', 'true')
    expect(listQueries.at(-1)?.get('mine')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'Todas las incidencias' }))
    expect(await screen.findByRole('article', { name: 'Gotera en el garaje' })).toBeInTheDocument()
  })

  it('says there are none, or none found when searching', async () => {
    fakeApi.on('GET /api/v1/incidents', () => json({ items: [], nextCursor: null }))
    const { user } = renderRoute('/incidents')

    expect(await screen.findByText('No hay incidencias registradas')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Buscar incidencias' }), 'ascensor')
    expect(await screen.findByText('No se encontraron incidencias')).toBeInTheDocument()
    await waitFor(() => {
      expect(listQueries.at(-1)?.get('q')).toBe('ascensor')
    })
  })

  it('validates the create form: title, description and an assigned member are required', async () => {
    const { user } = renderRoute('/incidents')
    await screen.findByRole('article', { name: 'Gotera en el garaje' })

    await user.click(screen.getByRole('button', { name: 'Nueva Incidencia' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva Incidencia' }))
    // Defaults: priority medium, status open.
    expect(dialog.getByLabelText('Prioridad')).toHaveValue('medium')
    expect(dialog.getByLabelText('Estado')).toHaveValue('open')

    await user.click(dialog.getByRole('button', { name: 'Crear Incidencia' }))

    expect(await dialog.findByText('El título es obligatorio')).toBeInTheDocument()
    expect(dialog.getByText('La descripción es obligatoria')).toBeInTheDocument()
    expect(dialog.getByText('Debes asignar la incidencia a un miembro')).toBeInTheDocument()
    expect(dialog.getByLabelText('Título')).toHaveAttribute('aria-invalid', 'true')
    expect(fakeApi.calls('POST /api/v1/incidents')).toHaveLength(0)
  })

  it("creates an incident and says 'Incidencia creada'", async () => {
    fakeApi.on('POST /api/v1/incidents', (request) => json(incident({ id: 'i-3', ...(request.body as object) }), 201))
    const { user } = renderRoute('/incidents')
    await screen.findByRole('article', { name: 'Gotera en el garaje' })

    await user.click(screen.getByRole('button', { name: 'Nueva Incidencia' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva Incidencia' }))
    await user.type(dialog.getByLabelText('Título'), 'Ascensor parado')
    await user.type(dialog.getByLabelText('Descripción'), 'No funciona desde ayer')
    await user.selectOptions(dialog.getByLabelText('Asignada a'), 'Luis Pérez')
    await user.click(dialog.getByRole('button', { name: 'Crear Incidencia' }))

    expect(await screen.findByText('Incidencia creada')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/incidents')[0]?.body).toEqual({
      title: 'Ascensor parado',
      description: 'No funciona desde ayer',
      priority: 'medium',
      status: 'open',
      assignedTo: 'user-2',
    })
  })

  it('shows the status history in the detail', async () => {
    fakeApi.on('GET /api/v1/incidents/{id}', () =>
      json({
        ...mine,
        status: 'resolved',
        statusHistory: [
          { fromStatus: null, toStatus: 'open', changedBy: 'user-1', changedByName: 'Ana García', changedAt: '2025-03-05T13:30:00Z' },
          { fromStatus: 'open', toStatus: 'resolved', changedBy: 'user-1', changedByName: 'Ana García', changedAt: '2025-03-06T09:00:00Z' },
        ],
      }),
    )
    const { user } = renderRoute('/incidents')

    await user.click(await screen.findByRole('button', { name: 'Luz fundida en el portal' }))

    const dialog = within(await screen.findByRole('dialog', { name: 'Luz fundida en el portal' }))
    const history = within(await dialog.findByRole('list'))
    expect(history.getByText('Creada como Abierta')).toBeInTheDocument()
    expect(history.getByText('Resuelta')).toBeInTheDocument()
    expect(history.getAllByText(/^Ana García · \d\d\/\d\d\/2025, \d\d:\d\d$/)).toHaveLength(2)
  })

  it("asks '¿Eliminar incidencia?' before deleting", async () => {
    fakeApi.on('DELETE /api/v1/incidents/{id}', () => new Response(null, { status: 204 }))
    const { user } = renderRoute('/incidents')

    await user.click(await screen.findByRole('button', { name: 'Eliminar incidencia: Luz fundida en el portal' }))
    const confirm = within(await screen.findByRole('alertdialog', { name: '¿Eliminar incidencia?' }))
    expect(confirm.getByText(/^Esta acción no se puede deshacer/)).toBeInTheDocument()
    await user.click(confirm.getByRole('button', { name: 'Eliminar' }))

    expect(await screen.findByText('Incidencia eliminada')).toBeInTheDocument()
    expect(fakeApi.calls('DELETE /api/v1/incidents/{id}')[0]?.params).toEqual({ id: 'i-2' })
  })
})
