import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const units = [
  { id: 'unit-1', unitNumber: '1A', floor: '1', building: null, hasOwner: false },
  { id: 'unit-2', unitNumber: '1B', floor: '1', building: null, hasOwner: true },
]

async function open(list = units) {
  fakeApi.signIn({ ...testUser, communityId: 'community-1' })
  fakeApi.on('GET /api/v1/onboarding/communities/{id}/units', () => json({ units: list }))
  const view = renderRoute('/choose-unit')
  await screen.findByRole('heading', { level: 1, name: 'Elige tu vivienda' })
  return view
}

describe('choose unit', () => {
  it("says 'Debes seleccionar tu vivienda' when nothing is chosen", async () => {
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Continuar' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Debes seleccionar tu vivienda')
    expect(fakeApi.calls('POST /api/v1/onboarding/choose-unit')).toHaveLength(0)
  })

  it("says 'Indica planta y puerta' when only one of them is given", async () => {
    const { user } = await open([])
    await user.type(await screen.findByLabelText('Planta'), '3')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Indica planta y puerta')
  })

  it('joins with the unit picked from the list and goes on to /verify', async () => {
    fakeApi.on('POST /api/v1/onboarding/choose-unit', () =>
      json({ unit: units[0], me: { ...testUser, communityId: 'community-1', role: 'user' } }),
    )
    const { user, router } = await open()
    await user.click(await screen.findByRole('radio', { name: /1A/ }))
    await user.click(screen.getByRole('checkbox', { name: 'Soy el propietario de esta vivienda' }))
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/verify')
    })
    expect(fakeApi.calls('POST /api/v1/onboarding/choose-unit')[0]?.body).toEqual({ unitId: 'unit-1', owner: true })
  })
})
