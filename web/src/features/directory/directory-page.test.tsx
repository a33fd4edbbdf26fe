import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '@/lib/api/schema'
import { i18n } from '@/lib/i18n'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { residentHome } from './components/resident-card'

type Resident = components['schemas']['Resident']

function resident(overrides: Partial<Resident>): Resident {
  return {
    id: 'r-1',
    name: 'Lucía Fernández',
    unit: 'B',
    floor: '2',
    door: null,
    role: 'owner',
    phone: '+34 600 111 222',
    email: 'lucia@example.com',
    avatarUrl: null,
    isActive: true,
    units: [],
    ...overrides,
  }
}

const lucia = resident({})
const jorge = resident({ id: 'r-2', name: 'Jorge Martín', unit: '3C', floor: null, role: 'tenant', phone: null, email: null })
const marta = resident({ id: 'r-3', name: 'Marta Ruiz', unit: null, floor: null, role: 'president', phone: null, email: 'marta@example.com' })

// A member of two units: a flat and a garage.
const pablo = resident({ id: 'r-4', name: 'Pablo Gil', unit: '2º B', floor: '2º', units: [{ label: '2º B', relation: 'resident' }, { label: 'Garaje 3', relation: 'owner' }], email: null, phone: null })

/** The query strings of the requests to /api/v1/directory (the fake API records paths only). */
let queries: URLSearchParams[] = []

beforeEach(() => {
  queries = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.pathname === '/api/v1/directory') queries.push(url.searchParams)
    return fakeApi.fetch(request)
  })
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
  fakeApi.on('GET /api/v1/directory', () => {
    const role = queries.at(-1)?.get('role')
    const all = [jorge, lucia, marta, pablo]
    return json({
      residents: role ? all.filter((r) => r.role === role) : all,
      residentesActivos: 12,
      propietarios: 7,
      total: 14,
    })
  })
})

describe('directory', () => {
  it('shows the counters and each resident with home, role, and contact only when shared', async () => {
    renderRoute('/directory')

    expect(await screen.findByRole('heading', { level: 1, name: 'Directorio' })).toBeInTheDocument()
    const card = await screen.findByRole('article', { name: 'Lucía Fernández' })
    expect(screen.getByText('Residentes Activos').nextElementSibling).toHaveTextContent('12')
    expect(screen.getByText('Propietarios').nextElementSibling).toHaveTextContent('7')

    expect(within(card).getByText('Piso 2, Puerta B')).toBeInTheDocument()
    expect(within(card).getByText('Propietario')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: /Llamar a Lucía Fernández/ })).toHaveAttribute('href', 'tel:+34600111222')
    expect(within(card).getByRole('link', { name: /Escribir a Lucía Fernández/ })).toHaveAttribute('href', 'mailto:lucia@example.com')

    const both = await screen.findByRole('article', { name: 'Pablo Gil' })
    expect(within(both).getByText('2º B · Garaje 3 (propietario)')).toBeInTheDocument()

    // Hidden by privacy (null): no link and no made-up text.
    const hidden = screen.getByRole('article', { name: 'Jorge Martín' })
    expect(within(hidden).getByText('Vivienda 3C')).toBeInTheDocument()
    expect(within(hidden).getByText('Inquilino')).toBeInTheDocument()
    expect(within(hidden).queryByRole('link')).not.toBeInTheDocument()

    const president = screen.getByRole('article', { name: 'Marta Ruiz' })
    expect(within(president).getByText('Presidente')).toBeInTheDocument()
    expect(within(president).queryByRole('link', { name: /Llamar/ })).not.toBeInTheDocument()
    expect(within(president).getByRole('link', { name: /Escribir a Marta Ruiz/ })).toBeInTheDocument()
  })

  it('filters by role chip and searches by name or unit', async () => {
    const { user } = renderRoute('/directory')
    await screen.findByRole('article', { name: 'Lucía Fernández' })
    const chips = screen.getByRole('group', { name: 'Filtrar por rol' })
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Todos',
      'Administrador',
      'Presidente',
      'Propietario',
      'Inquilino',
      'Usuario',
    ])
    expect(within(chips).getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(within(chips).getByRole('button', { name: 'Inquilino' }))
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Lucía Fernández' })).not.toBeInTheDocument()
    })
    expect(screen.getByRole('article', { name: 'Jorge Martín' })).toBeInTheDocument()
    expect(within(chips).getByRole('button', { name: 'Inquilino' })).toHaveAttribute('aria-pressed', 'true')
    expect(queries.at(-1)?.get('role')).toBe('tenant')

    await user.click(within(chips).getByRole('button', { name: 'Administrador' }))
    expect(await screen.findByText('No se encontraron residentes que coincidan con tu búsqueda.')).toBeInTheDocument()

    await user.click(within(chips).getByRole('button', { name: 'Todos' }))
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o vivienda' }), 'lucia')
    await waitFor(() => {
      expect(queries.at(-1)?.toString()).toBe('q=lucia')
    })
    // Typing is debounced: one request for the whole word, not one per letter.
    expect(queries.filter((q) => q.has('q'))).toHaveLength(1)
  })

  it("says 'No perteneces a ninguna comunidad' without a community, and when the server says so", async () => {
    fakeApi.signIn({ ...testUser, role: 'user' })
    const { unmount } = renderRoute('/directory')
    expect(await screen.findByText('No perteneces a ninguna comunidad')).toBeInTheDocument()
    expect(queries).toHaveLength(0)
    unmount()

    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
    fakeApi.on('GET /api/v1/directory', () => problem(403, 'forbidden', 'No perteneces a ninguna comunidad'))
    renderRoute('/directory')
    expect(await screen.findByText('No perteneces a ninguna comunidad')).toBeInTheDocument()
  })

  it('writes the home as the spec says', () => {
    const t = i18n.getFixedT('es')
    expect(residentHome({ floor: '1', door: 'A', unit: 'X' }, t)).toBe('Piso 1, Puerta A')
    expect(residentHome({ floor: '1', door: null, unit: 'B' }, t)).toBe('Piso 1, Puerta B')
    expect(residentHome({ floor: null, door: null, unit: '3C' }, t)).toBe('Vivienda 3C')
    expect(residentHome({ floor: null, door: null, unit: null }, t)).toBeNull()
  })
})
