import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, noContent } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

describe('forgot password', () => {
  it("sends the link, confirms with 'Email enviado' and can start over", async () => {
    fakeApi.on('POST /api/v1/auth/forgot-password', () => noContent(202))
    const { user } = renderRoute('/forgot-password')

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }))

    const heading = await screen.findByRole('heading', { level: 1, name: 'Email enviado' })
    expect(heading).toHaveFocus()
    expect(screen.getByText('ana@example.com')).toBeInTheDocument()
    expect(screen.getByText(/te hemos enviado un enlace para restablecer tu contraseña/)).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/forgot-password')[0]?.body).toEqual({ email: 'ana@example.com' })

    await user.click(screen.getByRole('button', { name: 'Enviar a otro correo' }))
    expect(await screen.findByLabelText('Email')).toHaveValue('')
    expect(screen.getByLabelText('Email')).toHaveFocus()
  })

  it('validates the email before sending', async () => {
    const { user } = renderRoute('/forgot-password')

    await user.type(await screen.findByLabelText('Email'), 'no-es-un-email')
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }))

    expect(await screen.findByText('Error de validación')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email inválido')
    expect(fakeApi.calls('POST /api/v1/auth/forgot-password')).toHaveLength(0)
  })
})
