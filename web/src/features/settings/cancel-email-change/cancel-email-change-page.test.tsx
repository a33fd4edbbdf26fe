import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, noContent, problem } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

describe('cancel email change', () => {
  it('spends the token once with a POST (even under StrictMode) and says the email stays', async () => {
    let answer: (response: Response) => void = () => undefined
    fakeApi.on('POST /api/v1/auth/cancel-email-change', () => new Promise<Response>((resolve) => (answer = resolve)))
    renderRoute('/cancel-email-change?token=tok-old', { strict: true })

    expect(await screen.findByRole('heading', { level: 1, name: 'Cancelando el cambio de email...' })).toBeInTheDocument()
    answer(noContent())

    expect(await screen.findByRole('heading', { level: 1, name: 'Cambio cancelado' })).toBeInTheDocument()
    expect(
      screen.getByText('Tu cuenta conserva su email. Si no pediste el cambio, cambia tu contraseña.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ir a Iniciar Sesión' })).toHaveAttribute('href', '/login')
    expect(fakeApi.calls('POST /api/v1/auth/cancel-email-change')).toHaveLength(1)
    expect(fakeApi.calls('POST /api/v1/auth/cancel-email-change')[0]?.body).toEqual({ token: 'tok-old' })
  })

  it("shows the server's reason when the link no longer works", async () => {
    const detail = 'El enlace no es válido o ya se ha usado.'
    fakeApi.on('POST /api/v1/auth/cancel-email-change', () => problem(400, 'token_invalid', detail))
    renderRoute('/cancel-email-change?token=used')

    expect(await screen.findByRole('heading', { level: 1, name: 'No se pudo cancelar el cambio' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(detail)
    expect(screen.getByRole('link', { name: 'Ir a Configuración' })).toHaveAttribute('href', '/settings')
  })

  it('says the link is broken without a token, and posts nothing', async () => {
    renderRoute('/cancel-email-change')

    expect(await screen.findByRole('heading', { level: 1, name: 'No se pudo cancelar el cambio' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace no es válido o ha expirado.')
    expect(fakeApi.calls('POST /api/v1/auth/cancel-email-change')).toHaveLength(0)
  })
})
