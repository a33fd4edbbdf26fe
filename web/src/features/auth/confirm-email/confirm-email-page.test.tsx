import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

describe('confirm email', () => {
  it('posts the token once (even under StrictMode), then opens the dashboard', async () => {
    let answer: (response: Response) => void = () => undefined
    fakeApi.on('POST /api/v1/auth/confirm', () => new Promise<Response>((resolve) => (answer = resolve)))
    fakeApi.on('GET /api/v1/community', () => problem(403, 'forbidden', 'Sin comunidad'))
    sessionStorage.setItem('vecinos.pendingEmail', 'ana@example.com')
    const { router } = renderRoute('/confirm-email?token=tok-123', { strict: true })

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmando tu email...' })).toBeInTheDocument()
    answer(json(testUser))

    expect(await screen.findByRole('heading', { level: 1, name: '¡Email confirmado!' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/confirm-email')
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/dashboard')
      },
      { timeout: 4000 },
    )
    // The dashboard's code loads and then renders in a deferred pass: as long as the move above may take.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hola, Ana García' }, { timeout: 4000 }),
    ).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/confirm')).toHaveLength(1)
    expect(fakeApi.calls('POST /api/v1/auth/confirm')[0]?.body).toEqual({ token: 'tok-123' })
    expect(sessionStorage.getItem('vecinos.pendingEmail')).toBeNull()
  })

  it("shows the server's reason and the ways on when the link has expired", async () => {
    const detail = 'El enlace de confirmación ha expirado. Solicita uno nuevo para confirmar tu email.'
    fakeApi.on('POST /api/v1/auth/confirm', () => problem(410, 'token_expired', detail))
    const { user, router } = renderRoute('/confirm-email?token=old')

    expect(await screen.findByRole('heading', { level: 1, name: 'No se pudo confirmar tu email' })).toBeInTheDocument()
    expect(screen.getAllByText(detail).length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Ir a Iniciar Sesión' })).toHaveAttribute('href', '/login')

    await user.click(screen.getByRole('link', { name: 'Reenviar Email' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/email-pending')
    })
  })

  it('shows the error state without a token, posting nothing', async () => {
    renderRoute('/confirm-email')

    expect(await screen.findByRole('heading', { level: 1, name: 'No se pudo confirmar tu email' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'No se pudo confirmar el email. El enlace puede haber expirado. Reenvíalo e inténtalo de nuevo.',
      ),
    ).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/confirm')).toHaveLength(0)
  })

  it('sends a neighbour who joined with the code on to choose their unit', async () => {
    fakeApi.on('POST /api/v1/auth/confirm', () => json({ ...testUser, communityId: 'c-1', role: 'user' }))
    fakeApi.on('GET /api/v1/onboarding/communities/{id}/units', () => json({ units: [] }))
    const { router } = renderRoute('/confirm-email?token=tok-9')
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/choose-unit')
      },
      { timeout: 4000 },
    )
  })
})
