import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-route'

describe('unknown paths', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows the 404 page with a way home and logs the path', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = renderRoute('/no/such/page')

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument()
    // The path is logged from an effect, which may run after the heading is painted.
    await waitFor(() => {
      expect(consoleError).toHaveBeenCalledWith(
        '404 Error: User attempted to access non-existent route:',
        '/no/such/page',
      )
    })

    await user.click(screen.getByRole('link', { name: 'Volver al inicio' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Vecinos' })).toBeInTheDocument()
  })
})
