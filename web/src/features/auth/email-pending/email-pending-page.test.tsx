import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, noContent, problem } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

describe('email pending', () => {
  it('resends the email, then counts 60 seconds down before it can resend again', async () => {
    // Only the clock and intervals are fake: promises, toasts and the router keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    fakeApi.on('POST /api/v1/auth/resend', () => noContent())
    sessionStorage.setItem('vecinos.pendingEmail', 'ana@example.com')
    const { user } = renderRoute('/email-pending')

    expect(await screen.findByText('ana@example.com')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reenviar email' }))

    expect(await screen.findByText('Email reenviado')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/resend')[0]?.body).toEqual({ email: 'ana@example.com' })
    expect(screen.getByRole('button', { name: 'Reenviar en 60 s' })).toBeDisabled()

    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.getByRole('button', { name: 'Reenviar en 59 s' })).toBeDisabled()

    act(() => {
      vi.advanceTimersByTime(58_000)
    })
    expect(screen.getByRole('button', { name: 'Reenviar en 1 s' })).toBeDisabled()

    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.getByRole('button', { name: 'Reenviar email' })).toBeEnabled()
  })

  it('asks for the email when it does not know it, and sends there', async () => {
    fakeApi.on('POST /api/v1/auth/resend', () => noContent())
    const { user } = renderRoute('/email-pending')

    await user.type(await screen.findByLabelText('Email'), 'eva@example.com')
    await user.click(screen.getByRole('button', { name: 'Reenviar email' }))

    expect(await screen.findByText('eva@example.com')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/resend')[0]?.body).toEqual({ email: 'eva@example.com' })
    expect(sessionStorage.getItem('vecinos.pendingEmail')).toBe('eva@example.com')
  })

  it("titles other failures 'Error al reenviar'", async () => {
    fakeApi.on('POST /api/v1/auth/resend', () =>
      problem(429, 'rate_limited', 'Demasiados intentos. Inténtalo de nuevo en 42 segundos.'),
    )
    sessionStorage.setItem('vecinos.pendingEmail', 'ana@example.com')
    const { user } = renderRoute('/email-pending')

    await user.click(await screen.findByRole('button', { name: 'Reenviar email' }))

    expect(await screen.findByText('Error al reenviar')).toBeInTheDocument()
    expect(screen.getByText('Demasiados intentos. Inténtalo de nuevo en 42 segundos.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reenviar email' })).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Volver a Iniciar Sesión' })).toHaveAttribute('href', '/login')
  })
})
