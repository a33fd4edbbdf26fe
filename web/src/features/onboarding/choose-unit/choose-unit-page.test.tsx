import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { saveChosenCommunity } from '../lib/wizard-storage'

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

  it("asks to join a community found by searching and shows 'Solicitud enviada'", async () => {
    const request = {
      id: 'join-1',
      communityName: 'Mayor 1',
      unitLabel: '1A',
      ownerClaim: false,
      status: 'pending' as const,
      note: null,
      createdAt: '2026-11-20T10:00:00Z',
      reviewedAt: null,
    }
    fakeApi.signIn(testUser)
    saveChosenCommunity({ choice: 'opaque-choice', name: 'Mayor 1', address: 'Calle Mayor 1', city: 'Madrid' })
    fakeApi.on('GET /api/v1/onboarding/join-request', () => json({ request: null }))
    fakeApi.on('GET /api/v1/onboarding/communities/{id}/units', () => json({ units }))
    fakeApi.on('POST /api/v1/onboarding/choose-unit', () => json({ joinRequest: request, me: testUser }))
    const { user, router } = renderRoute('/choose-unit')

    await user.click(await screen.findByRole('radio', { name: /1A/ }))
    await user.click(screen.getByRole('button', { name: 'Unirme a la comunidad' }))

    expect(await screen.findByRole('heading', { name: 'Solicitud enviada' })).toBeInTheDocument()
    expect(screen.getByText(/Un administrador de la comunidad debe aprobar tu solicitud; te avisaremos por email/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/choose-unit')
    expect(fakeApi.calls('GET /api/v1/onboarding/communities/{id}/units')[0]?.params).toEqual({ id: 'opaque-choice' })
    expect(fakeApi.calls('POST /api/v1/onboarding/choose-unit')[0]?.body).toEqual({ choice: 'opaque-choice', unitId: 'unit-1', owner: false })
  })

  it("tells a rejected user the admin's reason and lets them search again", async () => {
    fakeApi.signIn(testUser)
    fakeApi.on('GET /api/v1/onboarding/join-request', () =>
      json({
        request: {
          id: 'join-1',
          communityName: 'Mayor 1',
          unitLabel: '1A',
          ownerClaim: false,
          status: 'rejected',
          note: 'No vive nadie con ese nombre',
          createdAt: '2026-11-20T10:00:00Z',
          reviewedAt: '2026-11-21T10:00:00Z',
        },
      }),
    )
    fakeApi.on('PUT /api/v1/onboarding/step', () => json({}))
    const { user, router } = renderRoute('/choose-unit')

    expect(await screen.findByRole('heading', { name: 'Solicitud rechazada' })).toBeInTheDocument()
    expect(screen.getByText('Motivo: No vive nadie con ese nombre')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Buscar mi comunidad de nuevo' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/find-community')
    })
  })

  it('preselects the unit of the invitation, which the user can still change, and can be skipped', async () => {
    fakeApi.on('GET /api/v1/onboarding/invited-unit', () => json({ unitId: 'unit-2' }))
    fakeApi.on('POST /api/v1/onboarding/choose-unit', () =>
      json({ unit: units[1], me: { ...testUser, communityId: 'community-1', role: 'user' } }),
    )
    const { user, router } = await open()
    await waitFor(() => {
      expect(screen.getByRole('radio', { name: /1B/ })).toBeChecked()
    })
    expect(screen.getByText('Tu invitación es para esta vivienda')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/verify')
    })
    expect(fakeApi.calls('POST /api/v1/onboarding/choose-unit')[0]?.body).toEqual({ unitId: 'unit-2', owner: false })
  })

  it("searches the list and offers 'Lo haré más tarde'", async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `u${String(i)}`, unitNumber: i % 2 ? 'B' : 'A', floor: `${String(Math.floor(i / 2) + 1)}º`, building: null, hasOwner: false }))
    const { user, router } = await open(many)
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar vivienda' }), '2º b')
    expect(screen.getAllByRole('radio')).toHaveLength(1)
    expect(screen.getByRole('radio', { name: /B/ })).toHaveAttribute('value', 'u3')
    await user.type(screen.getByRole('searchbox', { name: 'Buscar vivienda' }), 'zz')
    expect(screen.getByText('Ninguna vivienda coincide')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Lo haré más tarde' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard')
    })
  })
})
