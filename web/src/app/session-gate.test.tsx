import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

describe('session gate', () => {
  it("says 'Cargando...' while it asks who is signed in", async () => {
    fakeApi.on('GET /api/v1/me', () => new Promise<Response>(() => undefined))
    renderRoute('/dashboard')

    expect(await screen.findByText('Cargando...')).toBeInTheDocument()
  })

  it('shows /login at once when the server saw no session cookie, without asking who is signed in', async () => {
    const hint = document.createElement('meta')
    hint.name = 'vecinos-session'
    hint.content = 'none'
    document.head.append(hint)
    fakeApi.on('GET /api/v1/me', () => new Promise<Response>(() => undefined))
    fakeApi.on('POST /api/v1/auth/login', () => json(testUser))
    const { user } = renderRoute('/login')

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
    expect(fakeApi.calls('GET /api/v1/me')).toHaveLength(0)

    // Signing in makes the hint stale: a query client made later in this page asks the server.
    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'Secreto123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => {
      expect(document.querySelector('meta[name="vecinos-session"]')).toBeNull()
    })
  })

  it('sends an anonymous visitor from /dashboard to /login, and back after signing in', async () => {
    fakeApi.on('POST /api/v1/auth/login', () => json(testUser))
    fakeApi.on('GET /api/v1/community', () => problem(403, 'forbidden', 'Sin comunidad'))
    const { user, router } = renderRoute('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')

    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'Secreto123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana García' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('returns to the exact page the visitor was heading to', async () => {
    fakeApi.on('POST /api/v1/auth/login', () => json(testUser))
    const { user, router } = renderRoute('/menu?tab=1')

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'Secreto123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Menú' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/menu')
    expect(router.state.location.search).toBe('?tab=1')
  })

  it('sends a user whose email is not confirmed to /email-pending', async () => {
    fakeApi.signIn({ ...testUser, emailConfirmed: false })
    const { router } = renderRoute('/incidents')

    expect(await screen.findByRole('heading', { level: 1, name: 'Revisa tu email' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/email-pending')
    expect(screen.getByText('ana@example.com')).toBeInTheDocument()
  })

  it('offers to try again when the session cannot be loaded', async () => {
    fakeApi.on('GET /api/v1/me', () => problem(500, 'internal', 'boom'))
    const { user } = renderRoute('/dashboard')

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'No se pudieron cargar los datos del usuario' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()

    fakeApi.signIn()
    fakeApi.on('GET /api/v1/community', () => problem(403, 'forbidden', 'Sin comunidad'))
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hola, Ana García')
    })
  })
})
