import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

async function openLogin(path = '/login') {
  const view = renderRoute(path)
  await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })
  return view
}

describe('login', () => {
  it('shows the first validation error in a toast and marks the fields', async () => {
    const { user } = await openLogin()

    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(await screen.findByText('Error de validación')).toBeInTheDocument()
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('El email es obligatorio')
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('La contraseña es obligatoria')
    expect(email).toHaveFocus()
    expect(fakeApi.calls('POST /api/v1/auth/login')).toHaveLength(0)
  })

  it("says 'Email inválido' for a malformed address", async () => {
    const { user } = await openLogin()

    await user.type(screen.getByLabelText('Email'), 'ana@')
    await user.type(screen.getByLabelText('Contraseña'), 'secreto')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    const toast = (await screen.findByText('Error de validación')).closest('li')
    expect(toast).not.toBeNull()
    expect(within(toast as HTMLElement).getByText('Email inválido')).toBeInTheDocument()
  })

  it("rejects an email longer than 255 characters with 'Email demasiado largo'", async () => {
    const { user } = await openLogin()

    const long = `${'a'.repeat(250)}@example.com`
    await user.click(screen.getByLabelText('Email'))
    await user.paste(long)
    await user.type(screen.getByLabelText('Contraseña'), 'secreto')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(await screen.findByText('Error de validación')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email demasiado largo')
  })

  it('signs in and opens the dashboard', async () => {
    fakeApi.on('POST /api/v1/auth/login', () => json(testUser))
    fakeApi.on('GET /api/v1/community', () => problem(403, 'forbidden', 'Sin comunidad'))
    const { user, router } = await openLogin()

    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'Secreto123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana García' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(fakeApi.calls('POST /api/v1/auth/login')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'Secreto123',
    })
  })

  it('sends an unconfirmed user to /email-pending with their email', async () => {
    fakeApi.on('POST /api/v1/auth/login', () =>
      problem(403, 'email_not_confirmed', 'Por favor, confirma tu email antes de iniciar sesión.'),
    )
    const { user, router } = await openLogin()

    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'Secreto123')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(await screen.findByText('Email no verificado')).toBeInTheDocument()
    expect(screen.getByText('Por favor, confirma tu email antes de iniciar sesión.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Revisa tu email' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/email-pending')
    expect(screen.getByText('ana@example.com')).toBeInTheDocument()
  })

  it("shows the server's message for wrong credentials", async () => {
    fakeApi.on('POST /api/v1/auth/login', () => problem(401, 'invalid_credentials', 'Email o contraseña incorrectos'))
    const { user, router } = await openLogin()

    await user.type(screen.getByLabelText('Email'), 'ana@example.com')
    await user.type(screen.getByLabelText('Contraseña'), 'mala')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    expect(await screen.findByText('Email o contraseña incorrectos')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled()
  })

  it('disables the providers this installation does not offer, and says why', async () => {
    fakeApi.on('GET /api/v1/app-info', () => json({ version: 't', dev: false, oauthProviders: ['google'] }))
    const { user } = await openLogin()

    const facebook = await screen.findByRole('button', { name: 'Facebook' })
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Google' })).toBeEnabled()
    })
    expect(facebook).toBeDisabled()
    expect(facebook).toHaveAccessibleDescription('Facebook: no disponible en esta instalación')
    expect(screen.queryByRole('button', { name: 'Crear usuario test' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Email' }))
    expect(screen.getByLabelText('Email')).toHaveFocus()
  })

  it('links to password recovery and registration, and back home', async () => {
    await openLogin()

    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot-password')
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/')
  })

  it("offers 'Crear usuario test' in development and signs in with it", async () => {
    fakeApi.on('GET /api/v1/app-info', () => json({ version: 't', dev: true, oauthProviders: [] }))
    fakeApi.on('POST /api/v1/dev/test-user', () => json({ ...testUser, fullName: 'Usuario Test' }))
    fakeApi.on('GET /api/v1/community', () => problem(403, 'forbidden', 'Sin comunidad'))
    const { user, router } = await openLogin()

    await user.click(await screen.findByRole('button', { name: 'Crear usuario test' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Usuario Test' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('sends a signed-in user straight to the dashboard', async () => {
    fakeApi.signIn()
    fakeApi.on('GET /api/v1/community', () => problem(403, 'forbidden', 'Sin comunidad'))
    const { router } = renderRoute('/login')

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana García' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
