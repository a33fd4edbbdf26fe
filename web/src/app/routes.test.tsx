import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { MENU_ENTRIES } from './menu-entries'
import { GUEST_PATHS, PROTECTED_PATHS, PUBLIC_PATHS, ROUTE_PATHS, WIZARD_PATHS } from './routes'

const concrete = (path: string) => path.replace(':chatId', 'chat-1').replace(':id', 'j-1')

describe('route table', () => {
  it('holds every path exactly once', () => {
    // Not a count: a feature adds its path to the table without editing this test (issue #34).
    expect(ROUTE_PATHS).toContain('/dashboard')
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length)
  })

  it('gives each menu card a path of its own', () => {
    const paths = MENU_ENTRIES.map((entry) => entry.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('puts every path in exactly one access group', () => {
    const grouped = [...PUBLIC_PATHS, ...GUEST_PATHS, ...WIZARD_PATHS, ...PROTECTED_PATHS]
    expect([...grouped].sort()).toEqual([...ROUTE_PATHS].sort())
    expect(PROTECTED_PATHS).toContain('/dashboard')
    expect(PROTECTED_PATHS).not.toContain('/start')
  })

  it.each(ROUTE_PATHS.map(concrete))('%s has a screen for a signed-in user', async (path) => {
    fakeApi.signIn()
    renderRoute(path)

    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading).not.toHaveTextContent('Oops! Page not found')
  })

  it.each(PROTECTED_PATHS.map(concrete))('%s sends a signed-out visitor to /login', async (path) => {
    const { router } = renderRoute(path)

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it.each([...PUBLIC_PATHS, ...GUEST_PATHS].map(concrete))('%s opens without a session', async (path) => {
    const { router } = renderRoute(path)

    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading).not.toHaveTextContent('Oops! Page not found')
    expect(router.state.location.pathname).toBe(path)
  })

  it.each(WIZARD_PATHS)('%s sends a visitor without a session to /start', async (path) => {
    const { router } = renderRoute(path)

    expect(await screen.findByRole('heading', { level: 1, name: 'Únete a tu comunidad' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/start')
  })

  it('does not route the server-rendered /dev pages', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderRoute('/dev/mailbox')

    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops! Page not found')
    })
    consoleError.mockRestore()
  })
})
