import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

describe('start', () => {
  it('requires the privacy consent', async () => {
    const { user } = renderRoute('/start')
    await user.type(await screen.findByLabelText('Email'), 'eva@example.com')
    await user.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'Secreto123')
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }))

    expect(await screen.findByText('Consentimiento requerido')).toBeInTheDocument()
    expect(screen.getAllByText('Debes aceptar la política de privacidad para continuar').length).toBeGreaterThan(0)
    expect(fakeApi.calls('POST /api/v1/auth/signup')).toHaveLength(0)
  })

  it('creates the account in the chosen language and waits for the email', async () => {
    fakeApi.on('POST /api/v1/auth/signup', () => json({ email: 'eva@example.com' }, 201))
    fakeApi.on('POST /api/v1/auth/resend', () => json({}))
    const { user, router } = renderRoute('/start')
    await user.click(await screen.findByRole('radio', { name: 'Català' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Uneix-te a la teva comunitat' })).toBeInTheDocument()

    await user.type(screen.getByLabelText('Correu electrònic', { exact: false }), 'eva@example.com')
    await user.type(screen.getByLabelText('Contrasenya', { selector: 'input' }), 'Secreto123')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Crear compte' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/email-pending')
    })
    expect(fakeApi.calls('POST /api/v1/auth/signup')[0]?.body).toEqual({
      email: 'eva@example.com',
      password: 'Secreto123',
      fullName: 'eva',
      language: 'ca',
      metadata: { community_role: 'Inquilino', community_intent: 'join' },
      acceptTerms: true, // the server refuses a sign-up without it
    })
    expect(localStorage.getItem('vecinos.onboarding.start')).toContain('"ca"')
  })
})
