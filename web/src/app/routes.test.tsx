import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { GUEST_PATHS, PROTECTED_PATHS, PUBLIC_PATHS, ROUTE_PATHS, WIZARD_PATHS } from './routes'

const concrete = (path: string) => path.replace(':chatId', 'chat-1').replace(':id', 'j-1')

describe('route table', () => {
  it('holds every path of the spec, and ours, exactly once', () => {
    // The spec's 36 paths, /settings/verifications, where admins review verification requests,
    // /settings/units, the units registry, /settings/invitations, where admins invite the neighbours (issue #21),
    // /wall, the community wall (#16), /settings/audit, the record of admin actions (#18), /money
    // ('Cuentas') and /my-fees ('Mis cuotas'), the community's money (#36), and the terms and privacy
    // notice, /terminos and /privacidad (#33), /settings/communities, the account's communities (#35), and
    // the juntas, /juntas and /juntas/:id (#38), and the administrador de fincas' office, /despacho, its
    // invitation link /despacho/unirse and the community's office /settings/despacho (#35, ADR 0045), and
    // /accounts, the year's accounts (#37, ADR 0050), and the office's import of a community's units and
    // owners, /despacho/comunidades/:id/importar (#35).
    expect(ROUTE_PATHS).toHaveLength(53)
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length)
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
