import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, noContent, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const mayor = {
  communityId: 'c-mayor',
  communityName: 'Calle Mayor 1',
  role: 'user',
  unitNumber: '2º B',
  joinedAt: '2026-01-10T10:00:00Z',
  unread: 0,
  current: true,
} as const
const plaza = { ...mayor, communityId: 'c-plaza', communityName: 'Plaza Nueva 2', role: 'admin', unitNumber: null, unread: 3, current: false } as const

function owner() {
  fakeApi.signIn({ ...testUser, communityId: 'c-mayor', role: 'user' })
  fakeApi.on('GET /api/v1/memberships', () => json([mayor, plaza]))
  fakeApi.on('GET /api/v1/profile', () => json({}))
}

describe('/settings/communities', () => {
  it('lists the communities with role, home and unread messages, the open one marked', async () => {
    owner()
    renderRoute('/settings/communities')

    const list = await screen.findByRole('list', { name: 'Mis comunidades' })
    const [first, second, ...rest] = within(list).getAllByRole('listitem')
    if (!first || !second) throw new Error('two communities expected')
    expect(rest).toHaveLength(0)
    expect(within(first).getByText('Calle Mayor 1')).toBeInTheDocument()
    expect(within(first).getByText('Vecino · Vivienda 2º B')).toBeInTheDocument()
    expect(within(first).getByText('Abierta en esta pestaña')).toHaveAttribute('aria-current', 'true')
    expect(within(second).getByText('Administrador · 3 mensajes sin leer')).toBeInTheDocument()
    expect(within(second).getByRole('button', { name: 'Abrir Plaza Nueva 2' })).toBeInTheDocument()
  })

  it('opens another community in this tab: every later call names it', async () => {
    owner()
    fakeApi.on('POST /api/v1/memberships/{communityId}/open', () => noContent())
    fakeApi.on('GET /api/v1/dashboard', () => json({}))
    renderRoute('/settings/communities')

    await userEvent.click(await screen.findByRole('button', { name: 'Abrir Plaza Nueva 2' }))

    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/memberships/{communityId}/open')[0]?.params.communityId).toBe('c-plaza')
    })
    await waitFor(() => {
      expect(fakeApi.calls('GET /api/v1/me').at(-1)?.community).toBe('c-plaza')
    })
    expect(sessionStorage.getItem('vecinos.community')).toBe('c-plaza')
  })

  it("lists the communities the account's office runs, in the header's switcher too, and opens one only in this tab", async () => {
    owner()
    const luna = { ...plaza, communityId: 'c-luna', communityName: 'Calle Luna 3', unread: 2, staff: true }
    fakeApi.on('GET /api/v1/memberships', () => json([mayor, luna]))
    fakeApi.on('GET /api/v1/dashboard', () => json({}))
    renderRoute('/settings/communities')

    const list = await screen.findByRole('list', { name: 'Mis comunidades' })
    const second = within(list).getAllByRole('listitem')[1]
    if (!second) throw new Error('two communities expected')
    expect(within(second).getByText('Administrada por tu despacho · 2 mensajes sin leer')).toBeInTheDocument()
    const switcher = screen.getByTestId('community-switcher')
    expect(within(switcher).getByRole('option', { name: 'Calle Luna 3 (despacho) · 2 sin leer' })).toBeInTheDocument()

    await userEvent.selectOptions(switcher, 'c-luna')
    await waitFor(() => {
      expect(sessionStorage.getItem('vecinos.community')).toBe('c-luna')
    })
    expect(fakeApi.calls('POST /api/v1/memberships/{communityId}/open')).toHaveLength(0)
  })

  it('joins another community by its code, and says why a code is refused', async () => {
    owner()
    let answer = problem(409, 'conflict', 'Ya perteneces a esta comunidad')
    fakeApi.on('POST /api/v1/communities/join', () => answer)
    renderRoute('/settings/communities')

    await userEvent.type(await screen.findByLabelText('Código de la comunidad'), 'abcd1234')
    await userEvent.click(screen.getByRole('button', { name: 'Unirse' }))
    expect(await screen.findByText('Ya perteneces a esta comunidad')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/communities/join')[0]?.body).toEqual({ code: 'ABCD1234' })

    answer = json({ ...testUser, communityId: 'c-ronda', role: 'user' })
    fakeApi.on('GET /api/v1/dashboard', () => json({}))
    await userEvent.click(screen.getByRole('button', { name: 'Unirse' }))
    await waitFor(() => {
      expect(sessionStorage.getItem('vecinos.community')).toBe('c-ronda')
    })
  })

  it('leaves the open community after asking, naming it in the request', async () => {
    owner()
    fakeApi.on('POST /api/v1/community/leave', () => noContent())
    renderRoute('/settings/communities')

    await userEvent.click(await screen.findByRole('button', { name: 'Salir de Calle Mayor 1' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('¿Seguro que quieres salir de Calle Mayor 1?')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salir de Calle Mayor 1' }))

    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/community/leave')[0]?.body).toEqual({ communityId: 'c-mayor' })
    })
  })
})
