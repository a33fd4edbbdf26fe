import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/lib/api/schema'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

type Poll = components['schemas']['Poll']

function poll(overrides: Partial<Poll>): Poll {
  return {
    id: 'p-1',
    kind: 'consulta',
    title: '¿Pintamos el portal?',
    description: '',
    status: 'open',
    opensAt: '2026-01-01T10:00:00Z',
    closesAt: '2026-01-03T10:00:00Z',
    openedAt: '2026-01-01T10:00:00Z',
    closedAt: null,
    quorum: 25,
    secret: false,
    allowChange: false,
    majority: null,
    convocatoria: null,
    juntaDate: null,
    absentFavour: false,
    options: [
      { id: 'o-1', text: 'Sí', choice: null, votes: null, percent: null, cuota: null, receipts: [] },
      { id: 'o-2', text: 'No', choice: null, votes: null, percent: null, cuota: null, receipts: [] },
    ],
    showCounts: false,
    totalVotes: 2,
    participation: 8,
    canVote: true,
    isElector: false,
    myWeight: '0',
    deprived: false,
    represented: [],
    coefficientSum: '0',
    coefficientsAre100: false,
    electors: 0,
    provisionalUntil: null,
    final: false,
    canObject: false,
    objected: false,
    units: [],
    canEdit: false,
    ...overrides,
  }
}

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
  fakeApi.on('GET /api/v1/community/members', () => json([]))
})

describe('voting', () => {
  it('asks for an option, votes, and then shows the results with (Tu voto)', async () => {
    const voted = poll({
      showCounts: true,
      totalVotes: 3,
      participation: 12,
      canVote: false,
      myVote: { optionId: 'o-1', receipt: 'ABCDEF-GHJKMN', castByName: 'Ana García', votedAt: '2026-01-01T11:00:00Z' },
      options: [
        { id: 'o-1', text: 'Sí', choice: null, votes: 2, percent: 67, cuota: null, receipts: [] },
        { id: 'o-2', text: 'No', choice: null, votes: 1, percent: 33, cuota: null, receipts: [] },
      ],
    })
    let current = poll({})
    fakeApi.on('GET /api/v1/polls', () => json({ items: [current] }))
    fakeApi.on('POST /api/v1/polls/{id}/vote', () => {
      current = voted
      return json({ receipt: 'ABCDEF-GHJKMN', changed: false, poll: voted })
    })
    renderRoute('/voting')

    const form = await screen.findByRole('form', { name: 'Tu voto' })
    expect(screen.getByText('Participación: 2 de 25 votos (8 %)')).toBeInTheDocument()
    // No counts before voting.
    expect(screen.queryByText('(Tu voto)')).not.toBeInTheDocument()
    await userEvent.click(within(form).getByRole('button', { name: 'Votar' }))
    expect(await screen.findByText('Elige una opción')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/polls/{id}/vote')).toHaveLength(0)

    await userEvent.click(within(form).getByRole('radio', { name: 'Sí' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Votar' }))
    expect(await screen.findByText('(Tu voto)')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/polls/{id}/vote')[0]?.body).toEqual({ optionId: 'o-1' })
    expect(screen.getByText('2 votos · 67 %')).toBeInTheDocument()
    expect(screen.getByText('1 voto · 33 %')).toBeInTheDocument()
    expect(screen.getByText('ABCDEF-GHJKMN')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Tu voto' })).not.toBeInTheDocument()
  }, 20_000) // many clicks on a shared, loaded machine

  it('shows no count per option of an open secret poll, not even to who voted, and changes the vote with its key', async () => {
    const open = poll({ secret: true, allowChange: true })
    // Even if a server sent them, the card would not show an open secret poll's counts.
    const voted = poll({
      secret: true,
      allowChange: true,
      showCounts: true,
      totalVotes: 3,
      participation: 12,
      myVote: { optionId: null, receipt: null, castByName: 'Ana García', votedAt: '2026-01-01T00:00:00Z' },
      options: [
        { id: 'o-1', text: 'Sí', choice: null, votes: 2, percent: 67, cuota: null, receipts: [] },
        { id: 'o-2', text: 'No', choice: null, votes: 1, percent: 33, cuota: null, receipts: [] },
      ],
    })
    let current = open
    fakeApi.on('GET /api/v1/polls', () => json({ items: [current] }))
    fakeApi.on('POST /api/v1/polls/{id}/vote', () => {
      const changed = current === voted
      current = voted
      return json({ receipt: 'ABCDEF-GHJKMN', changeKey: changed ? null : 'clave-1', changed, poll: voted })
    })
    renderRoute('/voting')

    const form = await screen.findByRole('form', { name: 'Tu voto' })
    await userEvent.click(within(form).getByRole('radio', { name: 'Sí' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Votar' }))
    expect(await screen.findByText('Has votado: Sí')).toBeInTheDocument()
    expect(screen.getByText('Votación secreta: el recuento de cada opción se publica al cerrarse.')).toBeInTheDocument()
    expect(screen.getByText('Participación: 3 de 25 votos (12 %)')).toBeInTheDocument()
    expect(screen.queryByText(/votos? · \d+ %/)).not.toBeInTheDocument()
    expect(screen.queryByText('(Tu voto)')).not.toBeInTheDocument()
    expect(screen.getByText('ABCDEF-GHJKMN')).toBeInTheDocument()

    // The change carries the key this device was given, not the receipt.
    const change = screen.getByRole('form', { name: 'Cambiar tu voto' })
    await userEvent.click(within(change).getByRole('radio', { name: 'No' }))
    await userEvent.click(within(change).getByRole('button', { name: 'Votar' }))
    expect(await screen.findByText('Has votado: No')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/polls/{id}/vote')[1]?.body).toEqual({ optionId: 'o-2', changeKey: 'clave-1' })
  }, 20_000)

  it('shows a closed junta vote with both majorities, provisional under art. 17.8, and lets an absent owner object', async () => {
    fakeApi.on('GET /api/v1/polls', () =>
      json({
        items: [
          poll({
            kind: 'junta',
            title: 'Cambio del ascensor',
            status: 'closed',
            closedAt: '2026-01-02T10:00:00Z',
            majority: 'simple',
            convocatoria: 'primera',
            juntaDate: '2026-01-02T12:00:00Z',
            showCounts: true,
            canVote: false,
            isElector: true,
            canObject: true,
            provisionalUntil: '2026-02-01T10:00:00Z',
            totalVotes: 14,
            participation: 70,
            electors: 20,
            decision: {
              approved: false,
              reason: 'mayoría de propietarios sí (12 de 20), mayoría de cuotas no (41,3 %)',
              ownersFavour: 12,
              owners: 20,
              cuotaFavour: '41.3004',
              cuota: '100',
              ownersMet: true,
              cuotaMet: false,
              overPresent: false,
              presumed: 0,
              reach: [],
            },
          }),
        ],
      }),
    )
    fakeApi.on('POST /api/v1/polls/{id}/objection', () => problem(409, 'conflict', 'El plazo para oponerse a este acuerdo no está abierto'))
    renderRoute('/voting')

    expect(await screen.findByText('No aprobada')).toBeInTheDocument()
    expect(screen.getByText('mayoría de propietarios sí (12 de 20), mayoría de cuotas no (41,3 %)')).toBeInTheDocument()
    expect(screen.getByText(/^provisional hasta/)).toBeInTheDocument()
    expect(screen.getByText('Primera convocatoria', { exact: false })).toBeInTheDocument()
    // Of the owners with a vote, not of the quorum.
    expect(screen.getByText('Participación: 14 de 20 propietarios con voto (70 %)')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Me opongo al acuerdo' }))
    expect(await screen.findByText(/El plazo para oponerse a este acuerdo no está abierto/)).toBeInTheDocument()
  })

  it('lets an owner delegate their vote for every vote of the junta, and revoke it', async () => {
    const juntaPoll = poll({
      kind: 'junta',
      title: 'Cambio del ascensor',
      majority: 'simple',
      convocatoria: 'primera',
      juntaDate: '2026-01-02T12:00:00Z',
      isElector: true,
      myWeight: '40',
      options: [
        { id: 'o-1', text: 'A favor', choice: 'favour', votes: null, percent: null, cuota: null, receipts: [] },
        { id: 'o-2', text: 'En contra', choice: 'against', votes: null, percent: null, cuota: null, receipts: [] },
      ],
    })
    let current = juntaPoll
    fakeApi.on('GET /api/v1/community/members', () =>
      json([{ id: 'user-2', fullName: 'Luis Pérez', avatarUrl: null, role: 'user' }]),
    )
    fakeApi.on('GET /api/v1/polls', () => json({ items: [current] }))
    fakeApi.on('PUT /api/v1/polls/{id}/delegation', ({ body }) => {
      const b = body as { delegateId: string }
      current = b.delegateId ? { ...juntaPoll, myDelegate: { delegateId: 'user-2', delegateName: 'Luis Pérez', junta: true } } : juntaPoll
      return json(current)
    })
    renderRoute('/voting')

    await screen.findByRole('option', { name: 'Luis Pérez' })
    await userEvent.selectOptions(screen.getByLabelText('Delegar mi voto en'), 'Luis Pérez')
    await userEvent.click(screen.getByRole('checkbox', { name: /Para todas las votaciones de la junta del/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Delegar' }))
    expect(await screen.findByText(/Has delegado tu voto en Luis Pérez para toda la junta del/)).toBeInTheDocument()
    expect(fakeApi.calls('PUT /api/v1/polls/{id}/delegation')[0]?.body).toEqual({ delegateId: 'user-2', scope: 'junta' })

    await userEvent.click(screen.getByRole('button', { name: 'Revocar' }))
    expect(await screen.findByLabelText('Delegar mi voto en')).toBeInTheDocument()
    expect(fakeApi.calls('PUT /api/v1/polls/{id}/delegation')[1]?.body).toEqual({ delegateId: '', scope: 'junta' })
  }, 20_000)

  it('lets an admin word the answers of a junta vote, with what each means for the agreement', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    fakeApi.on('GET /api/v1/polls', () => json({ items: [] }))
    fakeApi.on('POST /api/v1/polls', () => json(poll({ status: 'draft' }), 201))
    renderRoute('/voting')

    await userEvent.click(await screen.findByRole('button', { name: 'Nueva Votación' }))
    const form = screen.getByRole('form', { name: 'Nueva Votación' })
    expect(within(form).getByLabelText('Quórum (votos)')).toBeInTheDocument()
    await userEvent.selectOptions(within(form).getByLabelText('Tipo'), 'junta')
    // A junta vote counts its owners: no quorum to set.
    expect(within(form).queryByLabelText('Quórum (votos)')).not.toBeInTheDocument()
    await userEvent.type(within(form).getByLabelText('Título'), 'Empresa del ascensor')
    const first = within(form).getByLabelText('Opción 1')
    await userEvent.clear(first)
    await userEvent.type(first, 'Sí, con Elevar')
    await userEvent.click(within(form).getByRole('button', { name: 'Añadir opción' }))
    await userEvent.type(within(form).getByLabelText('Opción 4'), 'Sí, con Subir')
    await userEvent.click(within(form).getByRole('button', { name: 'Quitar la opción 3' }))
    // Without an answer against, the LPH majority would mean nothing: the form waits for one.
    await userEvent.selectOptions(within(form).getByLabelText('Significado de la opción 2'), 'favour')
    expect(within(form).getByRole('button', { name: 'Crear borrador' })).toBeDisabled()
    await userEvent.selectOptions(within(form).getByLabelText('Significado de la opción 2'), 'against')
    await userEvent.click(within(form).getByRole('button', { name: 'Crear borrador' }))

    await screen.findByText('Borrador creado')
    expect(fakeApi.calls('POST /api/v1/polls')[0]?.body).toMatchObject({
      kind: 'junta',
      title: 'Empresa del ascensor',
      juntaOptions: [
        { text: 'Sí, con Elevar', choice: 'favour' },
        { text: 'En contra', choice: 'against' },
        { text: 'Sí, con Subir', choice: 'favour' },
      ],
    })
  }, 20_000)

  it('offers Nueva Votación to admins only', async () => {
    fakeApi.on('GET /api/v1/polls', () => json({ items: [] }))
    renderRoute('/voting')
    expect(await screen.findByText('Todavía no hay votaciones')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Nueva Votación' })).not.toBeInTheDocument()
  })
})
