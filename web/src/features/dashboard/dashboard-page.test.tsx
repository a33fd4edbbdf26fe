import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, noContent, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const community = {
  id: 'c-1',
  publicId: 'ABCDEFGH',
  name: 'Comunidad Mayor 5',
  address: 'Calle Mayor 5',
  city: 'Madrid',
  postalCode: '28013',
  country: 'España',
  catastralReference: null,
}

describe('dashboard (placeholder)', () => {
  it('greets the user and shows their community', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    fakeApi.on('GET /api/v1/community', () => json(community))
    renderRoute('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana García' })).toBeInTheDocument()
    expect(await screen.findByText('Comunidad Mayor 5')).toBeInTheDocument()
    expect(screen.getByText('ABCDEFGH')).toBeInTheDocument()
  })

  it("says 'Usuario' without a name and that there is no community yet", async () => {
    fakeApi.signIn({ ...testUser, fullName: '' })
    renderRoute('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Usuario' })).toBeInTheDocument()
    expect(screen.getByText('Todavía no perteneces a ninguna comunidad.')).toBeInTheDocument()
    expect(fakeApi.calls('GET /api/v1/community')).toHaveLength(0)
  })

  it("signs out with 'Cerrar Sesión' and lands on /login", async () => {
    fakeApi.signIn()
    fakeApi.on('POST /api/v1/auth/logout', () => {
      fakeApi.signIn(null)
      return noContent()
    })
    const { user, router } = renderRoute('/dashboard')

    await user.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }))

    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    // Nothing remembered for whoever signs in next on this device.
    await waitFor(() => {
      expect(router.state.location.state).toBeNull()
    })
    expect(fakeApi.calls('POST /api/v1/auth/logout')).toHaveLength(1)
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })
})
