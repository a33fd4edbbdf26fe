import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, noContent, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const office = {
  id: 'o1',
  name: 'Fincas Pérez S.L.',
  nif: 'B12345674',
  colegiado: 'MAD-1234',
  code: 'ABCD2345',
  createdAt: '2026-11-01T10:00:00Z',
  rights: 'owner',
} as const
const mayor = {
  communityId: 'c-mayor',
  communityName: 'Calle Mayor 1',
  organisationId: 'o1',
  organisationName: 'Fincas Pérez S.L.',
  nif: 'B12345674',
  colegiado: 'MAD-1234',
  status: 'active',
  invitedAt: '2026-11-02T10:00:00Z',
  acceptedAt: '2026-11-03T10:00:00Z',
  overview: {
    incidentsUnder7: 2,
    incidents7To30: 1,
    incidentsOver30: 3,
    pendingBookings: 4,
    nextJuntaAt: '2026-12-15T18:00:00Z',
    unreadMessages: 5,
    debtCents: 123456,
    unitsInDebt: 3,
    bankDifferenceCents: -3000,
  },
} as const
const plaza = { ...mayor, communityId: 'c-plaza', communityName: 'Plaza Nueva 2', status: 'invited', acceptedAt: null, overview: undefined } as const
const arco = {
  ...mayor,
  communityId: 'c-arco',
  communityName: 'Arco Iris 3',
  overview: {
    incidentsUnder7: 0,
    incidents7To30: 0,
    incidentsOver30: 1,
    pendingBookings: 0,
    nextJuntaAt: null,
    unreadMessages: 0,
    debtCents: 0,
    unitsInDebt: 0,
    bankDifferenceCents: null,
  },
} as const

function administrador() {
  fakeApi.signIn({ ...testUser, communityId: undefined, role: undefined })
  fakeApi.on('GET /api/v1/organisation', () => json({ organisation: office }))
  fakeApi.on('GET /api/v1/organisation/communities', () => json([mayor, plaza]))
  fakeApi.on('GET /api/v1/organisation/staff', () =>
    json({
      staff: [{ userId: 'u1', fullName: 'Marta Pérez', email: 'marta@fincasperez.es', rights: 'owner', joinedAt: '2026-11-01T10:00:00Z' }],
      invitations: [],
    }),
  )
}

describe('/despacho', () => {
  it('creates the office, and shows why a NIF is refused', async () => {
    fakeApi.signIn({ ...testUser, communityId: undefined, role: undefined })
    fakeApi.on('GET /api/v1/organisation', () => json({}))
    fakeApi.on('POST /api/v1/organisation', () => problem(422, 'invalid', 'El NIF no es válido'))
    renderRoute('/despacho')

    await userEvent.type(await screen.findByLabelText('Nombre del despacho'), 'Fincas Pérez S.L.')
    await userEvent.type(screen.getByLabelText('NIF'), 'B1234567J')
    await userEvent.click(screen.getByRole('button', { name: 'Crear despacho' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('El NIF no es válido')
  })

  it('lists the communities: accepts an invitation, opens one it runs in this tab', async () => {
    administrador()
    fakeApi.on('POST /api/v1/organisation/communities/{communityId}/accept', () => noContent())
    fakeApi.on('GET /api/v1/dashboard', () => json({}))
    renderRoute('/despacho')

    const list = await screen.findByRole('list', { name: 'Comunidades' })
    const [first, second] = within(list).getAllByRole('listitem')
    if (!first || !second) throw new Error('two communities expected')
    expect(within(first).getByText('Calle Mayor 1')).toBeInTheDocument()
    expect(within(second).getByText('Os ha invitado')).toBeInTheDocument()
    await userEvent.click(within(second).getByRole('button', { name: 'Aceptar' }))
    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/organisation/communities/{communityId}/accept')[0]?.params.communityId).toBe('c-plaza')
    })

    await userEvent.click(within(first).getByRole('button', { name: 'Abrir Calle Mayor 1' }))
    await waitFor(() => {
      expect(sessionStorage.getItem('vecinos.community')).toBe('c-mayor')
    })
  })

  it('shows the counters of each community, sorts and filters them', async () => {
    administrador()
    fakeApi.on('GET /api/v1/organisation/communities', () => json([arco, mayor, plaza]))
    renderRoute('/despacho')

    const list = await screen.findByRole('list', { name: 'Comunidades' })
    const names = () => within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)
    expect(names()).toEqual(['Arco Iris 3', 'Calle Mayor 1', 'Plaza Nueva 2'])
    const mayorRow = within(list).getAllByRole('listitem')[1]
    if (!mayorRow) throw new Error('row expected')
    expect(
      within(mayorRow).getByText('Incidencias abiertas: 2 de menos de 7 días, 1 de 7 a 30 días, 3 de más de 30 días'),
    ).toBeInTheDocument()
    expect(within(mayorRow).getByText('Reservas por aprobar: 4')).toBeInTheDocument()
    expect(within(mayorRow).getByText('Mensajes sin leer: 5')).toBeInTheDocument()
    expect(within(mayorRow).getByText(/^Próxima junta: /)).toBeInTheDocument()
    expect(within(list).getByText('Sin junta convocada')).toBeInTheDocument()
    expect(within(mayorRow).getByText('Deuda vencida: 1.234,56 € (3 viviendas)')).toBeInTheDocument()
    expect(within(mayorRow).getByText('Banco: diferencia de -30,00 € con la contabilidad')).toBeInTheDocument()
    expect(within(list).getByText('Sin deuda vencida')).toBeInTheDocument()
    expect(within(list).getByText('Banco: sin extracto importado')).toBeInTheDocument()

    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'incidents')
    expect(names()).toEqual(['Calle Mayor 1', 'Arco Iris 3', 'Plaza Nueva 2'])
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'junta')
    expect(names()).toEqual(['Calle Mayor 1', 'Arco Iris 3', 'Plaza Nueva 2'])
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'name')
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'debt')
    expect(names()).toEqual(['Calle Mayor 1', 'Arco Iris 3', 'Plaza Nueva 2'])

    await userEvent.type(screen.getByLabelText('Filtrar por nombre'), 'arco')
    expect(names()).toEqual(['Arco Iris 3'])
    await userEvent.clear(screen.getByLabelText('Filtrar por nombre'))
    await userEvent.type(screen.getByLabelText('Filtrar por nombre'), 'zzz')
    expect(await screen.findByText('Ninguna comunidad coincide con el filtro.')).toBeInTheDocument()
  })

  it('searches the communities it runs: the hits by kind, each opening its community', async () => {
    administrador()
    const hit = { communityId: 'c-mayor', communityName: 'Calle Mayor 1' }
    fakeApi.on('GET /api/v1/organisation/search', () =>
      json({
        people: [{ ...hit, id: 'u2', title: 'José Peña', detail: 'Portal 2 · 2º B' }],
        units: [{ ...hit, id: 'un1', title: 'Portal 2 · 2º B', detail: 'José Peña' }],
        incidents: [{ ...hit, communityId: 'c-arco', communityName: 'Arco Iris 3', id: 'i1', title: 'Gotera en el garaje', detail: 'in_progress' }],
      }),
    )
    fakeApi.on('GET /api/v1/incidents', () => json({ items: [], nextCursor: null }))
    renderRoute('/despacho')

    await userEvent.type(await screen.findByLabelText('Vecino, unidad o incidencia'), 'peña')
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }))
    const people = await screen.findByRole('list', { name: 'Vecinos' })
    expect(within(people).getByText('Calle Mayor 1 · Portal 2 · 2º B')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Unidades' })).getByText('Calle Mayor 1 · José Peña')).toBeInTheDocument()
    const incidents = screen.getByRole('list', { name: 'Incidencias' })
    expect(within(incidents).getByText('Arco Iris 3 · En curso')).toBeInTheDocument()
    expect(fakeApi.calls('GET /api/v1/organisation/search')[0]?.query.q).toBe('peña')

    await userEvent.click(within(incidents).getByRole('button', { name: 'Abrir Gotera en el garaje en Arco Iris 3' }))
    await waitFor(() => {
      expect(sessionStorage.getItem('vecinos.community')).toBe('c-arco')
    })
  })

  it('says when nothing matches', async () => {
    administrador()
    fakeApi.on('GET /api/v1/organisation/search', () => json({ people: [], units: [], incidents: [] }))
    renderRoute('/despacho')
    await userEvent.type(await screen.findByLabelText('Vecino, unidad o incidencia'), 'nadie{Enter}')
    expect(await screen.findByText('Nada coincide con «nadie» en las comunidades que administráis.')).toBeInTheDocument()
  })
})

describe('/despacho bulk actions', () => {
  it('publishes one announcement in the chosen communities and lists the result of each', async () => {
    administrador()
    fakeApi.on('GET /api/v1/organisation/communities', () => json([mayor, arco, plaza]))
    fakeApi.on('POST /api/v1/organisation/announcements', () =>
      json({
        results: [
          { communityId: 'c-arco', communityName: 'Arco Iris 3', id: 'a1', error: null },
          { communityId: 'c-mayor', communityName: 'Calle Mayor 1', id: null, error: 'Tu despacho no administra esta comunidad' },
        ],
      }),
    )
    renderRoute('/despacho')

    const bulk = await screen.findByRole('form', { name: 'Acciones en varias comunidades' })
    expect(within(bulk).queryByLabelText('Plaza Nueva 2')).not.toBeInTheDocument() // only invited
    await userEvent.click(within(bulk).getByLabelText('Todas'))
    await userEvent.type(within(bulk).getByLabelText('Título del comunicado'), 'Corte de agua')
    await userEvent.click(within(bulk).getByLabelText('Crítico: enviarlo también por email a los vecinos'))
    await userEvent.click(within(bulk).getByRole('button', { name: 'Aplicar en 2 comunidades' }))

    const results = await screen.findByRole('list', { name: 'Resultado por comunidad' })
    expect(within(results).getByText('Arco Iris 3: hecho')).toBeInTheDocument()
    expect(within(results).getByText('Calle Mayor 1: Tu despacho no administra esta comunidad')).toBeInTheDocument()
    const body = fakeApi.calls('POST /api/v1/organisation/announcements')[0]?.body as { communityIds: string[]; priority: string }
    expect([...body.communityIds].sort()).toEqual(['c-arco', 'c-mayor'])
    expect(body.priority).toBe('critico')
  })

  it('adds one provider to a chosen community', async () => {
    administrador()
    fakeApi.on('POST /api/v1/organisation/providers', () =>
      json({ results: [{ communityId: 'c-mayor', communityName: 'Calle Mayor 1', id: 'p1', error: null }] }),
    )
    renderRoute('/despacho')
    const bulk = await screen.findByRole('form', { name: 'Acciones en varias comunidades' })
    await userEvent.click(within(bulk).getByLabelText('Calle Mayor 1'))
    await userEvent.selectOptions(within(bulk).getByLabelText('Acción'), 'provider')
    await userEvent.type(within(bulk).getByLabelText('Nombre del proveedor'), 'Fontanería Ruiz')
    await userEvent.selectOptions(within(bulk).getByLabelText('Categoría'), 'lifts')
    await userEvent.type(within(bulk).getByLabelText('Teléfono'), '600111222')
    await userEvent.click(within(bulk).getByRole('button', { name: 'Aplicar en 1 comunidad' }))
    expect(await screen.findByText('Calle Mayor 1: hecho')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/organisation/providers')[0]?.body).toMatchObject({
      communityIds: ['c-mayor'],
      name: 'Fontanería Ruiz',
      category: 'lifts',
      phone: '600111222',
    })
  })

  it('hides the bulk actions from an assistant with read rights', async () => {
    administrador()
    fakeApi.on('GET /api/v1/organisation', () => json({ organisation: { ...office, rights: 'read' } }))
    renderRoute('/despacho')
    await screen.findByRole('list', { name: 'Comunidades' })
    expect(screen.queryByRole('form', { name: 'Acciones en varias comunidades' })).not.toBeInTheDocument()
  })
})
