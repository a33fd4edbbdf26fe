import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, noContent, problem } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

async function openValidLink() {
  fakeApi.on('POST /api/v1/auth/reset-password/check', () => noContent())
  const view = renderRoute('/reset-password?token=tok-1')
  await screen.findByRole('heading', { level: 1, name: 'Nueva contraseña' })
  return view
}

describe('reset password', () => {
  it("says 'Verificando enlace...' while the link is checked", async () => {
    fakeApi.on('POST /api/v1/auth/reset-password/check', () => new Promise<Response>(() => undefined))
    renderRoute('/reset-password?token=tok-1')

    expect(await screen.findByRole('heading', { level: 1, name: 'Verificando enlace...' })).toBeInTheDocument()
  })

  it('says when the passwords do not match', async () => {
    const { user } = await openValidLink()

    await user.type(screen.getByLabelText('Nueva contraseña'), 'secreto1')
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'secreto2')
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }))

    expect(await screen.findByText('Error de validación')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirmar contraseña')).toHaveAccessibleDescription('Las contraseñas no coinciden')
    expect(fakeApi.calls('POST /api/v1/auth/reset-password')).toHaveLength(0)
  })

  it('asks for at least 6 characters', async () => {
    const { user } = await openValidLink()

    await user.type(screen.getByLabelText('Nueva contraseña'), 'abc')
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }))

    expect(await screen.findByText('Error de validación')).toBeInTheDocument()
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAccessibleDescription(
      'La contraseña debe tener al menos 6 caracteres',
    )
  })

  it('updates the password, forgets the session and goes to /login', async () => {
    fakeApi.on('POST /api/v1/auth/reset-password', () => noContent())
    const { user, router } = await openValidLink()

    await user.type(screen.getByLabelText('Nueva contraseña'), 'nueva-clave')
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'nueva-clave')
    await user.click(screen.getByRole('button', { name: 'Actualizar contraseña' }))

    expect(await screen.findByRole('heading', { level: 1, name: '¡Contraseña actualizada!' })).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/reset-password')[0]?.body).toEqual({
      token: 'tok-1',
      password: 'nueva-clave',
    })
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login')
      },
      { timeout: 4000 },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
  })

  it("says 'Enlace inválido' for a bad link and goes to /login", async () => {
    fakeApi.on('POST /api/v1/auth/reset-password/check', () =>
      problem(400, 'token_invalid', 'El enlace de recuperación no es válido o ha expirado.'),
    )
    const { router } = renderRoute('/reset-password?token=bad')

    expect(await screen.findByRole('heading', { level: 1, name: 'Enlace inválido' })).toBeInTheDocument()
    expect(
      await screen.findByText('El enlace de recuperación no es válido o ha expirado.', {
        selector: '[data-description]',
      }),
    ).toBeInTheDocument()
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login')
      },
      { timeout: 5000 },
    )
  })
})
