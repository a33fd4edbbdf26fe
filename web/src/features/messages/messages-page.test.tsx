import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeApi, json } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { Channel } from '@/lib/message-types'
import { FakeEventSource } from '@/test/fake-event-source'
import { ana, channelMessage, communityChannel, conversation, dm, luis, marta, setUpMessaging } from './test/fixtures'

const now = new Date()
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000).toISOString()

const withLuis = conversation({
  id: 'conv-1',
  lastMessage: dm({ id: 'm-1', content: '¿Mañana a las diez?', createdAt: minutesAgo(5) }),
  lastMessageAt: minutesAgo(5),
  unread: 2,
})
const withMarta = conversation({
  id: 'conv-2',
  other: { id: marta.id, fullName: marta.fullName, avatarUrl: null },
  lastMessage: dm({ id: 'm-2', conversationId: 'conv-2', content: 'Gracias', senderId: ana.id, createdAt: minutesAgo(60) }),
  lastMessageAt: minutesAgo(60),
})
const runners: Channel = {
  ...communityChannel,
  id: 'ch-runners',
  name: 'Runners',
  kind: 'private',
  memberCount: 4,
  createdBy: ana.id,
  lastMessage: channelMessage({ id: 'm-3', channelId: 'ch-runners', content: 'Salimos a las 8', createdAt: minutesAgo(30) }),
}

function rows() {
  return within(screen.getByRole('tabpanel')).getAllByRole('link').filter((l) => l.getAttribute('href') !== '/community-channel')
}

describe('messages', () => {
  beforeEach(setUpMessaging)

  it('lists chats by last message with avatar, unread count, type and last message', async () => {
    fakeApi
      .on('GET /api/v1/conversations', () => json([withLuis, withMarta]))
      .on('GET /api/v1/channels', () => json([communityChannel, runners]))
    renderRoute('/messages')

    expect(await screen.findByRole('heading', { level: 1, name: 'Mensajes' })).toBeInTheDocument()
    expect(screen.getByText('Comunícate con tu comunidad')).toBeInTheDocument()
    await screen.findByText('¿Mañana a las diez?')
    const [first, second, third] = rows()
    expect(first).toHaveAttribute('href', '/conversation/conv-1')
    expect(first).toHaveTextContent('Luis Pérez')
    expect(first).toHaveTextContent('Privado')
    expect(first).toHaveTextContent('2 mensajes sin leer')
    expect(second).toHaveAttribute('href', '/conversation/ch-runners')
    expect(second).toHaveTextContent('#runners')
    expect(second).toHaveTextContent('Grupo')
    expect(second).toHaveTextContent('Luis Pérez: Salimos a las 8')
    expect(third).toHaveTextContent('Marta Admin')
    expect(third).toHaveTextContent('Admin')
    expect(third).toHaveTextContent('Tú: Gracias')
    expect(screen.getByRole('link', { name: /Chat Comunitario/ })).toHaveAttribute('href', '/community-channel')
  })

  it("filters by name, case-insensitively, and says 'No se encontraron canales' when nothing matches", async () => {
    fakeApi.on('GET /api/v1/conversations', () => json([withLuis, withMarta]))
    const { user } = renderRoute('/messages')
    await screen.findByText('¿Mañana a las diez?')

    await user.type(screen.getByRole('searchbox', { name: 'Buscar conversaciones y canales' }), 'MARTA')
    expect(rows()).toHaveLength(1)
    expect(rows()[0]).toHaveTextContent('Marta Admin')

    await user.type(screen.getByRole('searchbox', { name: 'Buscar conversaciones y canales' }), 'xyz')
    expect(screen.getByText('No se encontraron canales')).toBeInTheDocument()
  })

  it("offers 'Iniciar conversación' without chats, and starts one with a neighbour", async () => {
    fakeApi.on('POST /api/v1/conversations', () => json({ id: 'conv-9' }))
    fakeApi
      .on('GET /api/v1/conversations/{id}', () => json(conversation({ id: 'conv-9' })))
      .on('GET /api/v1/conversations/{id}/messages', () => json([]))
      .on('POST /api/v1/conversations/{id}/read', () => json({ marked: 0 }))
    const { user, router } = renderRoute('/messages')

    expect(await screen.findByText('No tienes conversaciones')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Iniciar conversación' }))

    const dialog = await screen.findByRole('dialog', { name: 'Nueva conversación' })
    const search = within(dialog).getByPlaceholderText('Buscar vecino...')
    // Neighbours: everyone in the community but Ana herself.
    await within(dialog).findByRole('button', { name: 'Luis Pérez' })
    expect(within(dialog).queryByRole('button', { name: 'Ana García' })).not.toBeInTheDocument()
    await user.type(search, 'lu')
    expect(within(dialog).queryByRole('button', { name: 'Marta Admin' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Luis Pérez' }))

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/conversation/conv-9')
    })
    expect(fakeApi.calls('POST /api/v1/conversations')[0]?.body).toEqual({ userId: luis.id })
  })

  it("opens 'Nueva conversación' from 'Nuevo Mensaje'", async () => {
    const { user } = renderRoute('/messages')
    await user.click(await screen.findByRole('button', { name: 'Nuevo Mensaje' }))
    expect(await screen.findByRole('dialog', { name: 'Nueva conversación' })).toBeInTheDocument()
  })

  it("'Contactar Admin' opens the conversation with an administrator", async () => {
    fakeApi.on('POST /api/v1/conversations', () => json({ id: 'conv-2' }))
    const { user, router } = renderRoute('/messages')
    const button = await screen.findByRole('button', { name: 'Contactar Admin' })
    await waitFor(() => {
      expect(button).toBeEnabled()
    })

    await user.click(button)

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/conversation/conv-2')
    })
    expect(fakeApi.calls('POST /api/v1/conversations')[0]?.body).toEqual({ userId: marta.id })
  })

  it('lists the channels in their tab, and a channel someone adds you to appears live', async () => {
    let channels: Channel[] = [communityChannel]
    fakeApi.on('GET /api/v1/channels', () => json(channels))
    const { user } = renderRoute('/messages')

    await user.click(await screen.findByRole('tab', { name: 'Canales' }))
    expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: /Chat Comunitario/ })).toHaveAttribute(
      'href',
      '/community-channel',
    )
    channels = [communityChannel, runners]
    FakeEventSource.current().emit('channel', { channelId: runners.id }, 'ev-1')
    expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: /#runners/ })).toBeInTheDocument()
  })

  it("creates a private channel: previews the name, needs one, invites neighbours and opens it", async () => {
    const created: Channel = { ...runners, id: 'ch-new', name: 'Padres Escuela', lastMessage: null }
    fakeApi
      .on('POST /api/v1/channels', () => json(created, 201))
      .on('GET /api/v1/channels/{id}/messages', () => json([]))
    const { user, router } = renderRoute('/messages')

    await user.click(await screen.findByRole('button', { name: 'Crear Canal Privado' }))
    const dialog = await screen.findByRole('dialog', { name: 'Crear Canal Privado' })
    const create = within(dialog).getByRole('button', { name: 'Crear canal' })
    expect(create).toBeDisabled()
    await user.type(within(dialog).getByLabelText('Nombre del canal'), '   ')
    expect(create).toBeDisabled()
    expect(within(dialog).queryByTestId('channel-preview')).not.toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Nombre del canal'), 'Padres Escuela')
    expect(within(dialog).getByTestId('channel-preview')).toHaveTextContent('#padres-escuela')
    await user.type(within(dialog).getByLabelText(/Descripción/), 'Para el cole')
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Luis Pérez' }))
    fakeApi.on('GET /api/v1/channels', () => json([communityChannel, created]))
    await user.click(create)

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/conversation/ch-new')
    })
    expect(fakeApi.calls('POST /api/v1/channels')[0]?.body).toEqual({
      name: 'Padres Escuela',
      description: 'Para el cole',
      memberIds: [luis.id],
    })
    expect(await screen.findByRole('heading', { level: 1, name: '#padres-escuela' })).toBeInTheDocument()
  }, 20_000)

  it('keeps the list live: a new message refreshes it', async () => {
    let list = [withMarta]
    fakeApi.on('GET /api/v1/conversations', () => json(list))
    renderRoute('/messages')
    await screen.findByText('Tú: Gracias')

    list = [withLuis, withMarta]
    FakeEventSource.current().emit('dm', withLuis.lastMessage, 'm-1')

    expect(await screen.findByText('¿Mañana a las diez?')).toBeInTheDocument()
  })
})
