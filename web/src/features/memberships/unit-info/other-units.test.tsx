import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { MemberUnit } from '../api/my-units'

const primary: MemberUnit = { unitId: 'u-2b', label: '2º B', kind: 'vivienda', relation: 'resident', confirmed: true, primary: true }
const garage: MemberUnit = { unitId: 'u-g3', label: 'Garaje 3', kind: 'garaje', relation: 'owner', confirmed: false, primary: false }
const registry = [
  { id: 'u-2b', unitNumber: '2º B', floor: '2º', building: null, hasOwner: false },
  { id: 'u-g3', unitNumber: 'Garaje 3', floor: null, building: null, hasOwner: false },
  { id: 'u-1a', unitNumber: '1º A', floor: '1º', building: 'Portal 2', hasOwner: false },
  { id: 'u-1b', unitNumber: '1º B', floor: '1º', building: 'Portal 2', hasOwner: false },
]

function open(mine: MemberUnit[]) {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'user' })
  fakeApi.on('GET /api/v1/unit', () => json({ unit: null }))
  fakeApi.on('GET /api/v1/my-units', () => json({ units: mine }))
  fakeApi.on('GET /api/v1/onboarding/communities/{id}/units', () => json({ units: registry }))
  return renderRoute('/settings/unit-info')
}

describe('my other units', () => {
  it('lists further units with their state, adds one from the registry by search, and removes one', async () => {
    const user = userEvent.setup()
    open([primary, garage])

    const list = await screen.findByRole('list', { name: 'Mis otras viviendas' })
    // Only the further units, not the primary one; the garage claim waits for an admin.
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(within(list).getByText('Garaje 3')).toBeInTheDocument()
    expect(within(list).getByText('Pendiente')).toBeInTheDocument()

    fakeApi.on('POST /api/v1/my-units', () =>
      json({ units: [primary, garage, { unitId: 'u-1b', label: 'Portal 2 · 1º B', kind: 'vivienda', relation: 'tenant', confirmed: false, primary: false }] }),
    )
    await user.click(screen.getByRole('button', { name: 'Añadir otra vivienda' }))
    await user.type(screen.getByLabelText('Buscar en las viviendas de la comunidad'), 'portal 2 1º b')
    // Units already theirs are not offered, and the search narrows the rest.
    expect(screen.queryByRole('radio', { name: 'Garaje 3' })).not.toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Portal 2 · 1º A' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Portal 2 · 1º B' }))
    // How they are there: living there is the default; they say they rent it.
    expect(screen.getByRole('radio', { name: 'Vivo allí' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'Vivo de alquiler (inquilino)' }))
    await user.click(screen.getByRole('button', { name: 'Añadir' }))

    expect(await within(list).findByText('Portal 2 · 1º B')).toBeInTheDocument()
    expect(within(list).getByText('Inquilino')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/my-units')[0]?.body).toEqual({ unitId: 'u-1b', relation: 'tenant' })

    fakeApi.on('DELETE /api/v1/my-units/{unitId}', () => json({ units: [primary] }))
    await user.click(screen.getByRole('button', { name: 'Quitar Garaje 3' }))
    expect(await screen.findByText('No tienes otras viviendas, locales ni plazas de garaje.')).toBeInTheDocument()
    expect(fakeApi.calls('DELETE /api/v1/my-units/{unitId}')[0]?.params).toEqual({ unitId: 'u-g3' })
  })
})
