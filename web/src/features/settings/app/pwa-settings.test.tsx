import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, noContent, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const settings = {
  publicKey: 'BPublicKey',
  kinds: { directMessage: true, criticalAnnouncement: true, incident: false, reservation: true, poll: true },
  devices: [{ id: 'd1', endpoint: 'https://push.example.es/other', device: 'Firefox · Android', createdAt: '2026-11-20T10:00:00Z' }],
}

function open() {
  const current = { ...settings, kinds: { ...settings.kinds } }
  fakeApi.signIn(testUser)
  fakeApi.on('GET /api/v1/push', () => json(current))
  fakeApi.on('PUT /api/v1/push/kinds/{kind}', ({ params, body }) => {
    current.kinds = { ...current.kinds, [params.kind ?? '']: (body as { on: boolean }).on }
    return noContent()
  })
  return renderRoute('/settings/app')
}

describe('push and install in /settings/app', () => {
  it('lists the kinds as switches and saves a change', async () => {
    const { user } = open()
    const incident = await screen.findByRole('switch', { name: 'Cambios en mis incidencias (creadas o asignadas)' })
    expect(incident).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByRole('switch', { name: 'Mensajes directos nuevos' })).toHaveAttribute('aria-checked', 'true')
    // The kinds are chosen per membership (ADR 0040): the card says they are the open community's.
    expect(screen.getByText(/estos son los de la comunidad abierta/)).toBeInTheDocument()

    await user.click(screen.getByRole('switch', { name: 'Mensajes directos nuevos' }))

    await waitFor(() => {
      expect(fakeApi.calls('PUT /api/v1/push/kinds/{kind}')).toHaveLength(1)
    })
    expect(fakeApi.calls('PUT /api/v1/push/kinds/{kind}')[0]?.body).toEqual({ on: false })
    expect(screen.getByRole('switch', { name: 'Mensajes directos nuevos' })).toHaveAttribute('aria-checked', 'false')
  })

  it('says when the browser cannot receive push, and how to install without a prompt', async () => {
    open()
    expect(await screen.findByText(/Este navegador no admite notificaciones push/)).toBeInTheDocument()
    expect(screen.queryByRole('switch', { name: 'En este dispositivo' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Instalar la aplicación' })).toBeInTheDocument()
    expect(screen.getByText(/Añadir a pantalla de inicio/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Instalar Vecinos' })).not.toBeInTheDocument()
  })
})
