import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeApi, json } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { FakeEventSource } from '@/test/fake-event-source'
import { setUpMessaging } from './test/fixtures'

function messagesTab() {
  return within(screen.getByRole('navigation')).getByRole('link', { name: /Mensajes/ })
}

describe('Mensajes badge', () => {
  beforeEach(setUpMessaging)

  it("reads '99+' above 99 unread messages", async () => {
    fakeApi.on('GET /api/v1/messages/unread-count', () => json({ count: 150 }))
    renderRoute('/messages')

    await screen.findByRole('heading', { level: 1, name: 'Mensajes' })
    const badge = await within(messagesTab()).findByTestId('messages-badge')
    expect(badge).toHaveTextContent('99+')
    expect(badge).toHaveTextContent('150 mensajes sin leer')
  })

  it('shows the exact count up to 99, and nothing at zero', async () => {
    fakeApi.on('GET /api/v1/messages/unread-count', () => json({ count: 99 }))
    renderRoute('/messages')

    await screen.findByRole('heading', { level: 1, name: 'Mensajes' })
    expect(await within(messagesTab()).findByText('99')).toBeInTheDocument()
    FakeEventSource.current().emit('unread', { count: 0 }, 'ev-1')
    await waitFor(() => {
      expect(within(messagesTab()).queryByTestId('messages-badge')).not.toBeInTheDocument()
    })
  })

  it('follows the count the stream sends, without polling', async () => {
    renderRoute('/messages')
    await screen.findByRole('heading', { level: 1, name: 'Mensajes' })
    const stream = await waitFor(() => FakeEventSource.current())
    expect(stream.url).toBe('/api/v1/stream?community=c-1') // the stream names the tab's community (ADR 0040)

    stream.emit('unread', { count: 1 }, 'ev-1')
    expect(await within(messagesTab()).findByText('1')).toBeInTheDocument()
    stream.emit('unread', { count: 120 }, 'ev-2')
    expect(await within(messagesTab()).findByText('99+')).toBeInTheDocument()
    expect(fakeApi.calls('GET /api/v1/messages/unread-count')).toHaveLength(1)
  })
})
