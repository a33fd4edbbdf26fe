import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

// Renders the whole app shell: on a busy machine that takes a while.
describe('consent gate', () => {
  it('asks for the version in force and records it, and then lets the member on', async () => {
    fakeApi.signIn()
    let accepted = false
    const status = () => ({
      current: '2026-11-24',
      accepted,
      records: accepted ? [{ version: '2026-11-24', acceptedAt: '2026-11-24T10:00:00Z' }] : [],
    })
    fakeApi.on('GET /api/v1/account/consent', () => json(status()))
    fakeApi.on('POST /api/v1/account/consent', () => {
      accepted = true
      return json(status())
    })
    const { user } = renderRoute('/menu')

    const dialog = await screen.findByRole('dialog', { name: 'Condiciones actualizadas' })
    expect(dialog).toHaveTextContent('versión 2026-11-24')
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Condiciones actualizadas' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Aceptar y continuar' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Condiciones actualizadas' })).not.toBeInTheDocument()
    })
    expect(fakeApi.calls('POST /api/v1/account/consent')[0]?.body).toEqual({ version: '2026-11-24' })
  })

  it('stays away once the version in force is accepted', async () => {
    fakeApi.signIn()
    fakeApi.on('GET /api/v1/account/consent', () =>
      json({ current: '2026-11-24', accepted: true, records: [{ version: '2026-11-24', acceptedAt: '2026-11-24T10:00:00Z' }] }),
    )
    renderRoute('/menu')
    await screen.findByRole('navigation', { name: 'Navegación principal' })
    await waitFor(() => {
      expect(fakeApi.calls('GET /api/v1/account/consent')).toHaveLength(1)
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
