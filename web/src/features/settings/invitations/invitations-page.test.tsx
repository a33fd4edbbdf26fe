import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { Invitation } from '../api/invitations'

const sent: Invitation = {
  id: 'inv-1',
  email: 'luis@example.es',
  unitId: 'unit-2b',
  unitLabel: '2º · B',
  kind: 'neighbour',
  status: 'sent',
  sends: 1,
  createdAt: '2026-11-20T10:00:00Z',
  sentAt: '2026-11-20T10:00:00Z',
  expiresAt: '2026-12-20T10:00:00Z',
  acceptedAt: null,
  revokedAt: null,
}
const accepted: Invitation = { ...sent, id: 'inv-2', email: 'eva@example.es', unitId: null, unitLabel: '', status: 'accepted' }
const expired: Invitation = { ...sent, id: 'inv-3', email: 'pepe@example.es', kind: 'president', unitId: null, unitLabel: '', status: 'expired' }

function signInAdmin(list: Invitation[]) {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
  fakeApi.on('GET /api/v1/community/invitations', () => json({ invitations: list, perDay: 50, maxPending: 200 }))
  fakeApi.on('GET /api/v1/onboarding/communities/{id}/units', () =>
    json({ units: [{ id: 'unit-2b', communityId: 'community-1', unitNumber: 'B', floor: '2º', building: null, ownerId: null }] }),
  )
}

describe('InvitationsPage', () => {
  it('lists the invitations with their state; only open ones can be resent or revoked', async () => {
    signInAdmin([sent, accepted, expired])
    renderRoute('/settings/invitations')

    const luis = await screen.findByRole('listitem', { name: 'luis@example.es' })
    expect(within(luis).getByText('Enviada')).toBeInTheDocument()
    expect(within(luis).getByText(/Vivienda 2º · B/)).toBeInTheDocument()
    const eva = screen.getByRole('listitem', { name: 'eva@example.es' })
    expect(within(eva).getByText('Aceptada')).toBeInTheDocument()
    expect(within(eva).queryByRole('button')).not.toBeInTheDocument()
    const pepe = screen.getByRole('listitem', { name: 'pepe@example.es' })
    expect(within(pepe).getByText('Caducada')).toBeInTheDocument()
    expect(within(pepe).getByText(/Presidente/)).toBeInTheDocument()
    expect(within(pepe).getByRole('button', { name: 'Reenviar la invitación a pepe@example.es' })).toBeEnabled()
    expect(screen.getByRole('link', { name: /Descargar cartas/ })).toHaveAttribute('href', '/api/v1/community/invitation-letters')
  })

  it('invites by email for a unit, and shows the Spanish reason of a refusal', async () => {
    const posted: unknown[] = []
    signInAdmin([])
    fakeApi.on('POST /api/v1/community/invitations', ({ body }) => {
      posted.push(body)
      return (body as { email: string }).email === 'presi@example.es'
        ? problem(409, 'conflict', 'Esta dirección ya pertenece a un miembro de la comunidad')
        : json({ ...sent, email: (body as { email: string }).email }, 201)
    })
    const user = userEvent.setup()
    renderRoute('/settings/invitations')

    expect(await screen.findByText('Aún no has enviado invitaciones')).toBeInTheDocument()
    const email = screen.getByLabelText('Email del vecino')
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }))
    expect(await screen.findByText('Introduce un email válido')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')

    await user.type(email, 'luis@example.es')
    await screen.findByRole('option', { name: '2º · B' })
    await user.selectOptions(screen.getByLabelText(/Vivienda/), 'unit-2b')
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }))
    await waitFor(() => {
      expect(posted).toEqual([{ email: 'luis@example.es', unitId: 'unit-2b' }])
    })
    await waitFor(() => {
      expect(email).toHaveValue('')
    })

    await user.type(email, 'presi@example.es')
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }))
    expect(await screen.findByText('Esta dirección ya pertenece a un miembro de la comunidad')).toBeInTheDocument()
  })

  it('resends and revokes', async () => {
    const calls: string[] = []
    signInAdmin([sent])
    fakeApi.on('POST /api/v1/community/invitations/{id}/resend', ({ params }) => {
      calls.push(`resend ${params.id ?? ''}`)
      return json({ ...sent, sends: 2 })
    })
    fakeApi.on('POST /api/v1/community/invitations/{id}/revoke', ({ params }) => {
      calls.push(`revoke ${params.id ?? ''}`)
      return json({ ...sent, status: 'revoked' })
    })
    const user = userEvent.setup()
    renderRoute('/settings/invitations')

    await user.click(await screen.findByRole('button', { name: 'Reenviar la invitación a luis@example.es' }))
    await user.click(screen.getByRole('button', { name: 'Revocar la invitación a luis@example.es' }))
    await waitFor(() => {
      expect(calls).toEqual(['resend inv-1', 'revoke inv-1'])
    })
  })

  it('is for admins only', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'user' })
    const { router } = renderRoute('/settings/invitations')
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settings')
    })
  })
})
