import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { MENU_ENTRIES } from '../menu-entries'
import { activeTab } from './nav-tabs'

// The first test renders the whole app and loads two lazy screens: on a busy machine that takes a while.
describe('bottom navigation', () => {
  it('has the five tabs and highlights the current one', async () => {
    fakeApi.signIn()
    const { user, router } = renderRoute('/menu')

    const nav = within(await screen.findByRole('navigation', { name: 'Navegación principal' }))
    const tabs = ['Inicio', 'Mensajes', 'Incidencias', 'Eventos', 'Menú']
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(tabs)
    expect(nav.getByRole('link', { name: 'Menú' })).toHaveAttribute('aria-current', 'page')
    expect(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current')

    await user.click(nav.getByRole('link', { name: 'Eventos' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/events')
    expect(nav.getByRole('link', { name: 'Eventos' })).toHaveAttribute('aria-current', 'page')
    expect(nav.getByRole('link', { name: 'Menú' })).not.toHaveAttribute('aria-current')
  })

  it('keeps Mensajes active inside a conversation, and no tab on other screens', () => {
    expect(activeTab('/dashboard')).toBe('home')
    expect(activeTab('/conversation/abc')).toBe('messages')
    expect(activeTab('/community-channel')).toBe('messages')
    expect(activeTab('/incidents')).toBe('incidents')
    expect(activeTab('/settings/profile')).toBeUndefined()
  })
})

describe('header', () => {
  it("shows the user's avatar and 'Mi cuenta', which goes to /settings", async () => {
    fakeApi.signIn()
    renderRoute('/menu')

    expect(await screen.findByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/settings')
    expect(screen.getByRole('img', { name: 'Ana García' })).toBeInTheDocument()
  })

  it("falls back to 'Usuario' and uses the profile picture", async () => {
    fakeApi.signIn({ ...testUser, fullName: '' })
    fakeApi.on('GET /api/v1/profile', () => json({ fullName: '', avatarUrl: '/files/avatars/u/1.png' }))
    renderRoute('/menu')

    await waitFor(() => {
      expect(screen.getByRole('img', { name: 'Usuario' })).toHaveAttribute('src', '/files/avatars/u/1.png')
    })
  })

  it('is not shown on the landing or sign-in screens', async () => {
    renderRoute('/login')

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Mi cuenta' })).not.toBeInTheDocument()
  })
})

describe('menu', () => {
  it('links to every section of the route table, in its order', async () => {
    fakeApi.signIn()
    renderRoute('/menu')

    await screen.findByRole('heading', { level: 1, name: 'Menú' })
    const main = screen.getByRole('main')
    const hrefs = [...main.querySelectorAll('a')].map((a) => a.getAttribute('href'))
    // A resident: every card but the admins' ('Cuentas').
    expect(hrefs).toEqual(MENU_ENTRIES.filter((entry) => !entry.adminOnly).map((entry) => entry.path))
    // The sections the menu listed itself before its cards moved to the route table, still in their order;
    // a feature adds its card to the table without editing this test (issue #34).
    const sections = [
      '/announcements',
      '/messages',
      '/directory',
      '/incidents',
      '/events',
      '/reservations',
      '/documents',
      '/voting',
      '/juntas',
      '/services',
      '/tasks',
      '/wall',
      '/my-fees',
      '/accounts',
      '/settings',
    ]
    expect(hrefs.filter((href) => href !== null && sections.includes(href))).toEqual(sections)
    expect(hrefs).not.toContain('/money')
  })
})
