import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { JoinRequest } from '../api/join-requests'
import type { VerificationRequest } from '../api/verifications'

const joinRequest: JoinRequest = {
  id: 'join-1',
  communityName: 'Mayor 1',
  unitLabel: '2 · B',
  ownerClaim: true,
  fullName: 'Inés Solicita',
  email: 'ines@example.com',
  status: 'pending',
  note: null,
  createdAt: '2026-11-20T10:00:00Z',
  reviewedAt: null,
}

const pending: VerificationRequest = {
  id: 'req-1',
  userId: 'user-2',
  fullName: 'Bea Ruiz',
  email: 'bea@example.com',
  unitNumber: '3B',
  method: 'document',
  documentUrl: '/files/verification-documents/user-2/1.pdf',
  status: 'pending',
  statusText: 'Pendiente de revisión',
  note: null,
  createdAt: '2026-11-20T10:00:00Z',
  reviewedAt: null,
}

const reviewed: VerificationRequest = {
  ...pending,
  id: 'req-0',
  fullName: 'Carlos Pérez',
  email: 'carlos@example.com',
  status: 'rejected',
  statusText: 'Rechazado',
  note: 'El documento no se lee',
}

/** An admin whose community has one pending request (and one rejected one in the history). */
function signInAdmin(joinRequests: JoinRequest[] = []) {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
  fakeApi.on('GET /api/v1/community/join-requests', () => json({ requests: joinRequests }))
  fakeApi.on('GET /api/v1/community/owner-claims', () => json({ claims: [] }))
  fakeApi.on('GET /api/v1/community/new-units', () => json({ units: [] }))
  fakeApi.on('GET /api/v1/community/resident-claims', () => json({ claims: [] }))
  fakeApi.on('GET /api/v1/community/roles', () =>
    json({
      adminCount: 1,
      maxAdmins: 3,
      members: [
        { id: 'user-2', fullName: 'Bea Ruiz', email: 'bea@example.com', role: 'user' },
        { id: 'user-3', fullName: 'Teo Gil', email: 'teo@example.com', role: 'user' },
      ],
    }),
  )
  fakeApi.on('GET /api/v1/community/units', () =>
    json({
      coefficientSum: '0',
      coefficientsAre100: false,
      coefficientsMissing: 2,
      units: [
        { id: 'u-3b', building: null, staircase: null, name: '3º B', floor: '3', kind: 'vivienda', coefficient: null, hasOwner: false, ownerName: null, residents: 1 },
        { id: 'u-1a', building: null, staircase: null, name: '1º A', floor: '1', kind: 'vivienda', coefficient: null, hasOwner: false, ownerName: null, residents: 0 },
      ],
    }),
  )
  let requests = [pending, reviewed]
  fakeApi.on('GET /api/v1/community/verifications', ({ query }) =>
    json({ requests: query.status === 'pending' ? requests.filter((r) => r.status === 'pending') : requests }),
  )
  fakeApi.on('POST /api/v1/community/verifications/{id}/review', ({ params, body }) => {
    const { decision, note } = body as { decision: 'approved' | 'rejected'; note?: string }
    const done = { ...pending, id: params.id ?? '', status: decision, note: note ?? null }
    requests = requests.map((r) => (r.id === params.id ? done : r))
    return json(done)
  })
}

describe('neighbour verification (admins)', () => {
  it('lists the pending requests with the unit, the method and a link to the document', async () => {
    signInAdmin()
    renderRoute('/settings/verifications')

    expect(await screen.findByRole('heading', { level: 1, name: 'Verificación de vecinos' })).toBeInTheDocument()
    const bea = await screen.findByRole('listitem', { name: 'Bea Ruiz' })
    expect(within(bea).getByText('bea@example.com')).toBeInTheDocument()
    expect(within(bea).getByText(/Vivienda 3B · Por documento · Enviada el/)).toBeInTheDocument()
    expect(within(bea).getByText('Pendiente de revisión')).toBeInTheDocument()
    expect(within(bea).getByRole('link', { name: /Ver documento/ })).toHaveAttribute(
      'href',
      '/files/verification-documents/user-2/1.pdf',
    )
    expect(screen.queryByRole('listitem', { name: 'Carlos Pérez' })).not.toBeInTheDocument()
  })

  it('approves a request, which then leaves the pending list', async () => {
    signInAdmin()
    const { user } = renderRoute('/settings/verifications')

    const bea = await screen.findByRole('listitem', { name: 'Bea Ruiz' })
    await user.click(within(bea).getByRole('button', { name: 'Aprobar' }))

    expect(await screen.findByText('Verificación aprobada')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/community/verifications/{id}/review')[0]).toMatchObject({
      params: { id: 'req-1' },
      body: { decision: 'approved' },
    })
    expect(await screen.findByText('No hay solicitudes pendientes')).toBeInTheDocument()
  })

  it('rejects with an optional reason, and shows it in the history', async () => {
    signInAdmin()
    const { user } = renderRoute('/settings/verifications')

    const bea = await screen.findByRole('listitem', { name: 'Bea Ruiz' })
    await user.click(within(bea).getByRole('button', { name: 'Rechazar' }))
    await user.type(within(bea).getByLabelText('Motivo del rechazo (opcional)'), '  Falta la página 2 ')
    await user.click(within(bea).getByRole('button', { name: 'Confirmar rechazo' }))

    expect(await screen.findByText('Verificación rechazada')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/community/verifications/{id}/review')[0]?.body).toEqual({
      decision: 'rejected',
      note: 'Falta la página 2',
    })

    await user.click(screen.getByRole('button', { name: 'Todas' }))
    const history = await screen.findByRole('listitem', { name: 'Carlos Pérez' })
    expect(within(history).getByText('Nota: El documento no se lee')).toBeInTheDocument()
    expect(within(history).queryByRole('button', { name: 'Aprobar' })).not.toBeInTheDocument()
  })

  it('generates a single-use code for one neighbour and one unit, and shows it with its expiry', async () => {
    signInAdmin()
    fakeApi.on('POST /api/v1/community/verification-codes', () =>
      json({ code: 'K7P2QX9M', expiresAt: '2026-12-22T10:00:00Z' }, 201),
    )
    const { user } = renderRoute('/settings/verifications')

    // Not without saying for whom and for which unit.
    const generate = await screen.findByRole('button', { name: 'Generar código' })
    expect(generate).toBeDisabled()
    await screen.findByRole('option', { name: 'Bea Ruiz (bea@example.com)' })
    await screen.findByRole('option', { name: '3º B' })
    await user.selectOptions(screen.getByLabelText('Vecino'), 'Bea Ruiz (bea@example.com)')
    expect(generate).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('Vivienda'), '3º B')
    await user.click(generate)

    expect(await screen.findByText('K7P2QX9M')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/community/verification-codes')[0]?.body).toEqual({ userId: 'user-2', unitId: 'u-3b' })
    expect(screen.getByText(/Para Bea Ruiz, vivienda 3º B\. Válido hasta el .*22\/12\/2026.*Solo se puede usar una vez\./)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generar otro código' })).toBeEnabled()
  })

  it('shows with each claim who else lives in or owns the unit', async () => {
    signInAdmin()
    fakeApi.on('GET /api/v1/community/owner-claims', () =>
      json({
        claims: [
          { id: 'c-1', fullName: 'Teo Gil', email: 'teo@example.com', unitLabel: '2º A', newUnit: false, status: 'pending', createdAt: '2026-11-20T10:00:00Z', reviewedAt: null,
            others: [{ fullName: 'Ana Sanz', relation: 'resident', confirmed: true }, { fullName: 'Eva Mora', relation: 'owner', confirmed: false }] },
          { id: 'c-2', fullName: 'Teo Gil', email: 'teo@example.com', unitLabel: '1º B', newUnit: false, status: 'pending', createdAt: '2026-11-20T10:00:00Z', reviewedAt: null,
            others: [] },
        ],
      }),
    )
    renderRoute('/settings/verifications')

    expect(await screen.findByText('También en 2º A: Ana Sanz (residente), Eva Mora (propietario, sin confirmar)')).toBeInTheDocument()
    expect(screen.getByText('Nadie más vive en 1º B ni es su propietario')).toBeInTheDocument()
  })

  it("says why a code could not be made", async () => {
    signInAdmin()
    fakeApi.on('POST /api/v1/community/verification-codes', () =>
      problem(429, 'rate_limited', 'Demasiados intentos. Espera un momento.'),
    )
    const { user } = renderRoute('/settings/verifications')

    await screen.findByRole('option', { name: 'Teo Gil (teo@example.com)' })
    await screen.findByRole('option', { name: '1º A' })
    await user.selectOptions(screen.getByLabelText('Vecino'), 'Teo Gil (teo@example.com)')
    await user.selectOptions(screen.getByLabelText('Vivienda'), '1º A')
    await user.click(await screen.findByRole('button', { name: 'Generar código' }))

    expect(await screen.findByText('Demasiados intentos. Espera un momento.')).toBeInTheDocument()
  })

  it("sends a non-admin back to /settings with 'Acceso denegado'", async () => {
    fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'user' })
    const { router } = renderRoute('/settings/verifications')

    expect(await screen.findByText('Acceso denegado')).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Configuración' })
    expect(router.state.location.pathname).toBe('/settings')
    expect(fakeApi.calls('GET /api/v1/community/verifications')).toHaveLength(0)
  })

  it('lists the requests to join and approves one, which then leaves the list', async () => {
    let requests = [joinRequest]
    signInAdmin(requests)
    fakeApi.on('GET /api/v1/community/join-requests', () => json({ requests }))
    fakeApi.on('POST /api/v1/community/join-requests/{id}/review', ({ body }) => {
      requests = []
      return json({ ...joinRequest, status: (body as { decision: string }).decision })
    })
    const { user } = renderRoute('/settings/verifications')

    const item = await screen.findByRole('listitem', { name: 'Inés Solicita' })
    expect(item).toHaveTextContent('Vivienda 2 · B · Dice ser el propietario')
    await user.click(within(item).getByRole('button', { name: 'Aprobar' }))

    expect(await screen.findByText('Solicitud aprobada')).toBeInTheDocument()
    expect(await screen.findByText('No hay solicitudes para unirse')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/community/join-requests/{id}/review')[0]?.body).toEqual({ decision: 'approved' })
  })

  it('confirms a claim to live in a further unit, correcting how they live there', async () => {
    signInAdmin()
    let claims = [
      { unitId: 'u-1a', userId: 'user-3', fullName: 'Teo Inquilino', email: 'teo@example.com', unitLabel: '1º A', relation: 'tenant', createdAt: '2026-11-20T10:00:00Z',
        others: [{ fullName: 'Olga Ruiz', relation: 'owner', confirmed: true }] },
    ]
    fakeApi.on('GET /api/v1/community/resident-claims', () => json({ claims }))
    fakeApi.on('POST /api/v1/community/resident-claims/{unitId}/{userId}/review', () => {
      claims = []
      return new Response(null, { status: 204 })
    })
    const { user } = renderRoute('/settings/verifications')

    const item = await screen.findByRole('listitem', { name: 'Teo Inquilino' })
    expect(within(item).getByText('Dice vivir también en 1º A como inquilino')).toBeInTheDocument()
    expect(within(item).getByText('También en 1º A: Olga Ruiz (propietario)')).toBeInTheDocument()
    const kind = within(item).getByLabelText('Confirmar como')
    expect(kind).toHaveValue('tenant')
    await user.selectOptions(kind, 'Familiar')
    await user.click(within(item).getByRole('button', { name: 'Confirmar' }))

    expect(await screen.findByText('Vivienda confirmada')).toBeInTheDocument()
    expect(await screen.findByText('No hay otras viviendas por confirmar')).toBeInTheDocument()
    const call = fakeApi.calls('POST /api/v1/community/resident-claims/{unitId}/{userId}/review')[0]
    expect(call?.params).toEqual({ unitId: 'u-1a', userId: 'user-3' })
    expect(call?.body).toEqual({ decision: 'approved', relation: 'family' })
  })

  it('rejects a request to join with the reason', async () => {
    signInAdmin([joinRequest])
    fakeApi.on('POST /api/v1/community/join-requests/{id}/review', () => json({ ...joinRequest, status: 'rejected' }))
    const { user } = renderRoute('/settings/verifications')

    const item = await screen.findByRole('listitem', { name: 'Inés Solicita' })
    await user.click(within(item).getByRole('button', { name: 'Rechazar' }))
    await user.type(within(item).getByLabelText('Motivo del rechazo (opcional)'), 'No vive aquí')
    await user.click(within(item).getByRole('button', { name: 'Confirmar rechazo' }))

    expect(await screen.findByText('Solicitud rechazada')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/community/join-requests/{id}/review')[0]?.body).toEqual({ decision: 'rejected', note: 'No vive aquí' })
  })
})
