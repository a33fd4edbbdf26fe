import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, json, problem } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { DirectMessage } from '@/lib/message-types'
import { FakeEventSource } from '@/test/fake-event-source'
import { ana, conversation, dm, luis, setUpMessaging } from '../test/fixtures'

function bubbles() {
  return screen.queryAllByTestId('dm-bubble')
}

describe('conversation', () => {
  beforeEach(() => {
    setUpMessaging()
    fakeApi
      .on('GET /api/v1/conversations/{id}', () => json(conversation()))
      .on('POST /api/v1/conversations/{id}/read', () => json({ marked: 0 }))
  })

  it('shows who it is with, day separators, times, and marks the conversation read on opening', async () => {
    fakeApi.on('GET /api/v1/conversations/{id}/messages', () =>
      json([
        dm({ id: 'm-1', content: 'Hola Ana', createdAt: '2026-03-02T09:05:00Z' }),
        dm({ id: 'm-2', content: '¿Vienes a la junta?', createdAt: '2026-03-03T17:30:00Z' }),
      ]),
    )
    renderRoute('/conversation/conv-1')

    expect(await screen.findByRole('heading', { level: 1, name: 'Luis Pérez' })).toBeInTheDocument()
    expect(await screen.findByText('Hola Ana')).toBeInTheDocument()
    expect(screen.getByText('lunes, 2 de marzo de 2026')).toBeInTheDocument()
    expect(screen.getByText('martes, 3 de marzo de 2026')).toBeInTheDocument()
    // 17:30 UTC in the test's time zone, as hh:mm.
    expect(screen.getByText(/^\d{2}:\d{2}$/, { selector: 'time[datetime="2026-03-03T17:30:00Z"]' })).toBeInTheDocument()
    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/conversations/{id}/read')).toHaveLength(1)
    })
    expect(screen.getByRole('link', { name: 'Volver a Mensajes' })).toHaveAttribute('href', '/messages')
    // The first test of the file also loads the chat's modules: on a loaded machine that alone nears 5 s.
  }, 15_000)

  it("calls the other person 'Usuario' when they have no name", async () => {
    fakeApi
      .on('GET /api/v1/conversations/{id}', () =>
        json(conversation({ other: { id: luis.id, fullName: '  ', avatarUrl: null } })),
      )
      .on('GET /api/v1/conversations/{id}/messages', () => json([]))
    renderRoute('/conversation/conv-1')

    expect(await screen.findByRole('heading', { level: 1, name: 'Usuario' })).toBeInTheDocument()
    expect(await screen.findByText('No hay mensajes aún')).toBeInTheDocument()
  })

  it('appends a message the stream delivers, once even when it is replayed', async () => {
    fakeApi.on('GET /api/v1/conversations/{id}/messages', () => json([dm({ id: 'm-1', content: 'Hola Ana' })]))
    renderRoute('/conversation/conv-1')
    await screen.findByText('Hola Ana')
    const stream = FakeEventSource.current()
    stream.connect()

    const incoming = dm({ id: 'm-2', content: '¿Bajas a por el paquete?', createdAt: '2026-03-03T10:20:00Z' })
    stream.emit('dm', incoming, 'm-2')
    expect(await screen.findByText('¿Bajas a por el paquete?')).toBeInTheDocument()
    // A reconnect replays what came after Last-Event-ID minus a few seconds: the same message again.
    stream.fail()
    stream.connect()
    stream.emit('dm', incoming, 'm-2')
    stream.emit('dm', dm({ id: 'm-1', content: 'Hola Ana' }), 'm-1')

    expect(screen.getAllByText('¿Bajas a por el paquete?')).toHaveLength(1)
    expect(bubbles()).toHaveLength(2)
    // A message of another conversation stays out of this one.
    stream.emit('dm', dm({ id: 'm-9', conversationId: 'conv-2', content: 'Otro chat' }), 'm-9')
    expect(screen.queryByText('Otro chat')).not.toBeInTheDocument()
    // The new message from Luis is read straight away, since the conversation is open.
    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/conversations/{id}/read').length).toBeGreaterThanOrEqual(2)
    })
  })

  it('flips a single check to a double check when the stream says the message was read', async () => {
    const mine = dm({ id: 'm-1', content: 'Te dejo las llaves', senderId: ana.id, senderName: ana.fullName, recipientId: luis.id })
    fakeApi.on('GET /api/v1/conversations/{id}/messages', () => json([mine]))
    renderRoute('/conversation/conv-1')

    await screen.findByText('Te dejo las llaves')
    const bubble = screen.getByTestId('dm-bubble')
    expect(within(bubble).getByRole('img', { name: 'Enviado' })).toBeInTheDocument()
    expect(within(bubble).queryByRole('img', { name: 'Leído' })).not.toBeInTheDocument()

    FakeEventSource.current().emit(
      'dm_read',
      { conversationId: 'conv-1', readerId: luis.id, readAt: '2026-03-03T10:30:00Z' },
      'rcpt-1',
    )

    expect(await within(bubble).findByRole('img', { name: 'Leído' })).toBeInTheDocument()
    expect(within(bubble).queryByRole('img', { name: 'Enviado' })).not.toBeInTheDocument()
  })

  it("sends with Enter, shows 'Enviando...' with the input locked, then 'Mensaje enviado'", async () => {
    let release: () => void = () => undefined
    const sent: DirectMessage = dm({ id: 'm-5', content: 'Voy ahora', senderId: ana.id, recipientId: luis.id })
    fakeApi
      .on('GET /api/v1/conversations/{id}/messages', () => json([]))
      .on(
        'POST /api/v1/conversations/{id}/messages',
        () =>
          new Promise<Response>((resolve) => {
            release = () => {
              resolve(json(sent, 201))
            }
          }),
      )
    const { user } = renderRoute('/conversation/conv-1')
    const input = await screen.findByPlaceholderText('Escribe un mensaje...')

    await user.type(input, '  Voy ahora  {Enter}')

    expect(await screen.findByText('Enviando...')).toBeInTheDocument()
    expect(input).toBeDisabled()
    const [call] = fakeApi.calls('POST /api/v1/conversations/{id}/messages')
    expect(call?.body).toEqual({ content: 'Voy ahora', clientId: expect.any(String) as string })
    release()

    expect(await screen.findByText('Mensaje enviado')).toBeInTheDocument()
    expect(screen.queryByText('Enviando...')).not.toBeInTheDocument()
    expect(screen.getByText('Voy ahora')).toBeInTheDocument()
    expect(input).toHaveValue('')
    expect(input).toBeEnabled()
  })

  it("keeps the text and says 'No se pudo enviar el mensaje' when sending fails; a retry reuses the key", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fakeApi
      .on('GET /api/v1/conversations/{id}/messages', () => json([]))
      .on('POST /api/v1/conversations/{id}/messages', () => problem(500, 'internal', 'boom'))
    const { user } = renderRoute('/conversation/conv-1')
    const input = await screen.findByPlaceholderText('Escribe un mensaje...')

    await user.type(input, 'Hay una fuga en el garaje{Enter}')

    expect(await screen.findByText('No se pudo enviar el mensaje')).toBeInTheDocument()
    expect(input).toHaveValue('Hay una fuga en el garaje')
    expect(screen.queryByText('Mensaje enviado')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/conversations/{id}/messages')).toHaveLength(2)
    })
    const [first, second] = fakeApi.calls('POST /api/v1/conversations/{id}/messages')
    expect((second?.body as { clientId: string }).clientId).toBe((first?.body as { clientId: string }).clientId)
    expect(consoleError).toHaveBeenCalled()
    consoleError.mockRestore()
  })

  it('does not send a blank message', async () => {
    fakeApi.on('GET /api/v1/conversations/{id}/messages', () => json([]))
    const { user } = renderRoute('/conversation/conv-1')
    const input = await screen.findByPlaceholderText('Escribe un mensaje...')

    await user.type(input, '   {Enter}')

    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled()
    expect(fakeApi.calls('POST /api/v1/conversations/{id}/messages')).toHaveLength(0)
  })

  it('inserts an emoji at the cursor, from the keyboard, and keeps the spec menu', async () => {
    fakeApi.on('GET /api/v1/conversations/{id}/messages', () => json([]))
    const { user } = renderRoute('/conversation/conv-1')
    const input = await screen.findByPlaceholderText<HTMLInputElement>('Escribe un mensaje...')
    await user.type(input, 'Hola vecino')
    input.setSelectionRange(4, 4)

    await user.click(screen.getByRole('button', { name: 'Emojis' }))
    const grid = screen.getByRole('group', { name: 'Elegir emoji' })
    expect(within(grid).getByRole('button', { name: '😀' })).toHaveFocus()
    await user.keyboard('{ArrowRight}{Enter}')
    await waitFor(() => {
      expect(input).toHaveValue('Hola😂 vecino')
    })
    expect(screen.queryByRole('group', { name: 'Elegir emoji' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Emojis' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Elegir emoji' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Emojis' })).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Adjuntar' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Imagen o video', 'Documento'])
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Más opciones' }))
    const menu = screen.getByRole('menu')
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Ver información',
      'Silenciar notificaciones',
      'Buscar en chat',
      'Eliminar conversación',
    ])
  })

  it("shows replies, files, reactions, 'editado' and 'Mensaje eliminado', and replaces a message the stream changes", async () => {
    fakeApi.on('GET /api/v1/conversations/{id}/messages', () =>
      json([
        dm({
          id: 'm-1',
          content: '',
          attachments: [
            { id: 'a-1', kind: 'image', name: 'vistas.png', contentType: 'image/png', size: 2048, url: '/api/v1/attachments/a-1', thumbnailUrl: '/api/v1/attachments/a-1/thumbnail' },
            { id: 'a-2', kind: 'document', name: 'acta.pdf', contentType: 'application/pdf', size: 1572864, url: '/api/v1/attachments/a-2', thumbnailUrl: null },
          ],
          reactions: [{ emoji: '👍', userIds: [ana.id, luis.id] }],
        }),
        dm({ id: 'm-2', content: 'Qué bonito', senderId: ana.id, senderName: ana.fullName, replyTo: { id: 'm-1', authorName: 'Luis Pérez', content: '', deleted: false, hasFiles: true } }),
        dm({ id: 'm-3', content: '', deletedAt: '2026-03-03T10:20:00Z' }),
      ]),
    )
    renderRoute('/conversation/conv-1')
    expect(await screen.findByRole('img', { name: 'vistas.png' })).toHaveAttribute('src', '/api/v1/attachments/a-1/thumbnail')
    expect(screen.getByText('acta.pdf')).toBeInTheDocument()
    expect(screen.getByText('1,5 MB')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Descargar acta.pdf' })).toHaveAttribute('href', '/api/v1/attachments/a-2?download=1')
    expect(screen.getByRole('button', { name: '👍, 2 reacciones' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Mensaje de Luis Pérez al que responde' })).toHaveTextContent('Archivo adjunto')
    expect(screen.getByText('Mensaje eliminado')).toBeInTheDocument()

    FakeEventSource.current().emit('dm', dm({ id: 'm-2', content: 'Qué bonito 😍', senderId: ana.id, senderName: ana.fullName, editedAt: '2026-03-03T10:16:00Z', rev: 'm-2b' }))
    expect(await screen.findByText('Qué bonito 😍')).toBeInTheDocument()
    expect(screen.getByText('editado')).toBeInTheDocument()
    // An older revision replayed later changes nothing.
    FakeEventSource.current().emit('dm', dm({ id: 'm-2', content: 'Qué bonito', senderId: ana.id, senderName: ana.fullName }))
    await waitFor(() => {
      expect(screen.getByText('Qué bonito 😍')).toBeInTheDocument()
    })
  })
})
