import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { MyUnit } from '@/lib/my-unit'

const unit: MyUnit = {
  id: 'unit-1',
  unitNumber: 'B',
  floor: '2',
  building: 'Portal 1',
  ownerId: 'user-9',
  ownerName: 'Olga Núñez',
  isOwner: false,
  ownerClaimPending: false,
  canEdit: false,
}

function open(mine: MyUnit) {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'user' })
  fakeApi.on('GET /api/v1/unit', () => json({ unit: mine }))
  return renderRoute('/settings/unit-info')
}

describe('unit info', () => {
  it('shows a unit the user does not own read-only, and says who may change it', async () => {
    open(unit)

    expect(await screen.findByText('Portal 1')).toBeInTheDocument()
    expect(screen.getByText('Solo el propietario de la vivienda o un administrador pueden modificarla.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument()
  })

  it('says an owner claim waits for an admin', async () => {
    open({ ...unit, ownerId: null, ownerName: null, ownerClaimPending: true })

    expect(await screen.findByText('Has indicado que eres el propietario: pendiente de que un administrador lo confirme.')).toBeInTheDocument()
  })

  it('lets its owner edit it', async () => {
    open({ ...unit, ownerId: 'user-1', isOwner: true, canEdit: true })

    expect(await screen.findByRole('button', { name: 'Editar' })).toBeInTheDocument()
    expect(screen.queryByText('Solo el propietario de la vivienda o un administrador pueden modificarla.')).not.toBeInTheDocument()
  })
})
