import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { Verification } from '../api/verifications'

const community = {
  id: 'community-1',
  publicId: 'ABCDEFGH',
  name: 'Comunidad Mayor 5',
  address: 'Calle Mayor 5, Madrid',
  city: 'Madrid',
  postalCode: '28013',
  country: 'España',
  catastralReference: null,
}

function member(role: 'admin' | 'user', verification: Verification) {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role })
  fakeApi.on('GET /api/v1/community', () => json(community))
  fakeApi.on('GET /api/v1/community/admins', () => json({ admins: [] }))
  fakeApi.on('GET /api/v1/unit', () => json({ unit: null }))
  fakeApi.on('GET /api/v1/profile', () => json({}))
  fakeApi.on('GET /api/v1/verification', () => json(verification))
  fakeApi.on('GET /api/v1/community/roles', () => json({ members: [], adminCount: 1, maxAdmins: 3 }))
  fakeApi.on('GET /api/v1/community/verifications', () => json({ requests: [{ id: 'r1' }, { id: 'r2' }] }))
}

const rejected = {
  id: 'req-1',
  userId: 'user-1',
  method: 'document',
  documentUrl: null,
  status: 'rejected',
  statusText: 'Rechazado',
  note: 'No se lee',
  createdAt: '2026-11-20T10:00:00Z',
  reviewedAt: '2026-11-21T10:00:00Z',
} as const

describe('my community: verification', () => {
  it('tells a neighbour their document was rejected, why, and lets them try again', async () => {
    member('user', { level: 1, latest: rejected })
    renderRoute('/settings/my-community')

    expect(await screen.findByText('Nivel 1 · Automática')).toBeInTheDocument()
    expect(screen.getByText('Tu documento fue rechazado. Nota: No se lee')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Verificar mi vivienda' })).toHaveAttribute('href', '/verify')
    expect(screen.queryByText('Revisar verificaciones')).not.toBeInTheDocument()
  })

  it('says a pending document is being reviewed, with no second request offered', async () => {
    member('user', { level: 1, latest: { ...rejected, status: 'pending', statusText: 'Pendiente de revisión', note: null } })
    renderRoute('/settings/my-community')

    expect(await screen.findByText(/Documento pendiente de revisión/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Verificar mi vivienda' })).not.toBeInTheDocument()
  })

  it('shows level 2 once verified', async () => {
    member('user', { level: 2, latest: { ...rejected, status: 'approved', statusText: 'Verificado', note: null } })
    renderRoute('/settings/my-community')

    expect(await screen.findByText('Nivel 2 · Vivienda verificada')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Verificar mi vivienda' })).not.toBeInTheDocument()
  })

  it('shows admins how many requests wait, with the way to review them', async () => {
    member('admin', { level: 1 })
    renderRoute('/settings/my-community')

    const count = await screen.findByText('2 solicitudes pendientes de revisión')
    expect(within(count.parentElement ?? count).getByRole('link', { name: 'Revisar verificaciones' })).toHaveAttribute(
      'href',
      '/settings/verifications',
    )
  })
})
