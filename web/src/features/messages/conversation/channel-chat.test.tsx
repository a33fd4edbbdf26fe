import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, json, problem } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { Channel, ChannelMessage } from '@/lib/message-types'
import { FakeEventSource } from '@/test/fake-event-source'
import { ana, channelMessage, communityChannel, setUpMessaging } from '../test/fixtures'

describe('community chat', () => {
  beforeEach(() => {
    setUpMessaging()
    fakeApi.on('GET /api/v1/channels/{id}/messages', () => json([]))
  })

  it.each(['/community-channel', '/community'])('%s opens the community chat, empty at first', async (path) => {
    renderRoute(path)

    expect(await screen.findByRole('heading', { level: 1, name: 'Chat Comunitario' })).toBeInTheDocument()
    expect(screen.getByText('Canal general de la comunidad')).toBeInTheDocument()
    expect(await screen.findByText('No hay mensajes aún')).toBeInTheDocument()
    expect(screen.getByText('Sé el primero en enviar un mensaje')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver a Mensajes' })).toHaveAttribute('href', '/messages')
  })

  it("shows each author with '- Piso' and their unit, or 'Sin asignar'; the avatar falls back to initial and unit", async () => {
    fakeApi.on('GET /api/v1/channels/{id}/messages', () =>
      json([
        channelMessage({ id: 'm-1', content: 'Buenos días' }),
        channelMessage({ id: 'm-2', content: '¿Alguien tiene escalera?', userId: 'user-3', authorName: 'Marta Ruiz', unitNumber: null }),
      ]),
    )
    renderRoute('/community-channel')

    expect(await screen.findByText('Luis Pérez - Piso 3B')).toBeInTheDocument()
    expect(screen.getByText('Marta Ruiz - Piso Sin asignar')).toBeInTheDocument()
    const [first, second] = screen.getAllByTestId('channel-message')
    expect(first).toHaveTextContent('L3B')
    expect(second).toHaveTextContent('M')
  })

  it('sends with Enter (as written) but Shift+Enter only starts a new line', async () => {
    const posted: ChannelMessage[] = []
    fakeApi.on('POST /api/v1/channels/{id}/messages', ({ body }) => {
      const { content, clientId } = body as { content: string; clientId: string }
      const message = channelMessage({ id: `m-${posted.length + 1}`, content, clientId, userId: ana.id, authorName: ana.fullName })
      posted.push(message)
      return json(message, 201)
    })
    const { user } = renderRoute('/community-channel')
    const input = await screen.findByPlaceholderText('Escribe un mensaje...')

    await user.type(input, 'Primera línea{Shift>}{Enter}{/Shift}segunda')
    expect(input).toHaveValue('Primera línea\nsegunda')
    expect(fakeApi.calls('POST /api/v1/channels/{id}/messages')).toHaveLength(0)

    await user.type(input, ' {Enter}')

    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/channels/{id}/messages')).toHaveLength(1)
    })
    expect(fakeApi.calls('POST /api/v1/channels/{id}/messages')[0]?.body).toEqual({
      content: 'Primera línea\nsegunda ',
      clientId: expect.any(String) as string,
    })
    expect(await screen.findByText('Ana García - Piso 3B')).toBeInTheDocument()
    expect(input).toHaveValue('')
    // The message also comes back over the stream: it is not shown twice.
    FakeEventSource.current().emit('channel_message', posted[0], 'm-1')
    expect(screen.getAllByTestId('channel-message')).toHaveLength(1)
    // Only direct messages toast on success.
    expect(screen.queryByText('Mensaje enviado')).not.toBeInTheDocument()
  })

  it("keeps the text when sending fails and says 'No se pudo enviar el mensaje'", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fakeApi.on('POST /api/v1/channels/{id}/messages', () => problem(503, 'unavailable', 'down'))
    const { user } = renderRoute('/community-channel')
    const input = await screen.findByPlaceholderText('Escribe un mensaje...')

    await user.type(input, 'Hola a todos{Enter}')

    expect(await screen.findByText('No se pudo enviar el mensaje')).toBeInTheDocument()
    expect(input).toHaveValue('Hola a todos')
    consoleError.mockRestore()
  })

  it('shows a message of a neighbour as soon as the stream delivers it', async () => {
    renderRoute('/community-channel')
    await screen.findByText('No hay mensajes aún')

    FakeEventSource.current().emit('channel_message', channelMessage({ id: 'm-7', content: 'Ya hay agua caliente' }), 'm-7')

    expect(await screen.findByText('Ya hay agua caliente')).toBeInTheDocument()
  })

  it("'Ver información' lists the members with their unit and role", async () => {
    fakeApi.on('GET /api/v1/channels/{id}/members', () =>
      json([
        { id: ana.id, fullName: ana.fullName, avatarUrl: null, role: 'user', unitNumber: '3B', creator: false },
        { id: 'user-3', fullName: 'Marta Admin', avatarUrl: null, role: 'admin', unitNumber: null, creator: false },
      ]),
    )
    const { user } = renderRoute('/community-channel')
    await user.click(await screen.findByRole('button', { name: 'Más opciones' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Ver información' }))

    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('heading', { name: 'Miembros (2)' })).toBeInTheDocument()
    const [first, second] = within(within(dialog).getByTestId('channel-members')).getAllByRole('listitem')
    expect(first).toHaveTextContent('Ana García')
    expect(first).toHaveTextContent('Piso 3B')
    expect(first).toHaveTextContent('Vecino')
    expect(second).toHaveTextContent('Marta Admin')
    expect(second).toHaveTextContent('Piso Sin asignar')
    expect(second).toHaveTextContent('Presidente')
    expect(fakeApi.calls('GET /api/v1/channels/{id}/members')[0]?.path).toContain('/channels/ch-community/members')
  }, 20_000)

  it("says 'No se pudieron cargar los miembros' when the list fails", async () => {
    fakeApi.on('GET /api/v1/channels/{id}/members', () => problem(500, 'internal', 'boom'))
    const { user } = renderRoute('/community-channel')
    await user.click(await screen.findByRole('button', { name: 'Más opciones' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Ver información' }))

    expect(await screen.findByText('No se pudieron cargar los miembros', {}, { timeout: 8000 })).toBeInTheDocument()
  }, 20_000)

  it("says 'No se pudo cargar el chat comunitario' when it cannot load", async () => {
    fakeApi.on('GET /api/v1/channels/community', () => problem(500, 'internal', 'boom'))
    renderRoute('/community-channel')

    expect(await screen.findByText('No se pudo cargar el chat comunitario', {}, { timeout: 8000 })).toBeInTheDocument()
  })
})

describe('private channel', () => {
  const runners: Channel = {
    ...communityChannel,
    id: 'ch-runners',
    name: 'Runners del barrio',
    kind: 'private',
    description: null,
    memberCount: 2,
    createdBy: ana.id,
  }

  beforeEach(() => {
    setUpMessaging()
    fakeApi
      .on('GET /api/v1/channels', () => json([communityChannel, runners]))
      .on('GET /api/v1/channels/{id}/messages', () => json([]))
  })

  it('opens at /conversation/{id} as a channel chat and invites neighbours', async () => {
    fakeApi.on('POST /api/v1/channels/{id}/members', () => json({ added: ['user-2'] }))
    const { user } = renderRoute('/conversation/ch-runners')

    expect(await screen.findByRole('heading', { level: 1, name: '#runners-del-barrio' })).toBeInTheDocument()
    expect(screen.getByText('2 miembros')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Invitar vecinos' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Luis Pérez' }))
    await user.click(within(dialog).getByRole('button', { name: 'Invitar' }))

    expect(await screen.findByText('Vecinos invitados')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/channels/{id}/members')[0]?.body).toEqual({ userIds: ['user-2'] })
  }, 20_000)
})
