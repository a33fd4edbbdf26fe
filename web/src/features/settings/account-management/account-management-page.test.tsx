import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi, json, noContent, testUser } from '@/test/fake-api'
import { REVOKED_EVENT } from '@/lib/realtime'
import { FakeEventSource } from '@/test/fake-event-source'
import { renderRoute } from '@/test/render-route'
import { testProfile } from '../test/fixtures'

describe('deleting the account', () => {
  it("says 'Cuenta eliminada' at /login even when the stream's sign-out took the screen away first", async () => {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
    fakeApi.signIn({ ...testUser, communityId: 'community-1' })
    fakeApi.on('GET /api/v1/profile', () => json(testProfile))
    let answer: (response: Response) => void = () => undefined
    fakeApi.on('POST /api/v1/account/delete', () => new Promise<Response>((resolve) => (answer = resolve)))
    const { user, router } = renderRoute('/settings/account-management')

    await user.click(await screen.findByRole('button', { name: 'Eliminar Cuenta' }))
    await user.type(screen.getByLabelText('Contraseña actual', { exact: true }), 'secreta-123')
    await user.click(screen.getByRole('button', { name: 'Eliminar definitivamente' }))
    await waitFor(() => {
      expect(fakeApi.calls('POST /api/v1/account/delete')).toHaveLength(1)
    })

    // The ended session reaches the stream before the answer: the gate sends the user to /login.
    fakeApi.signIn(null)
    const stream = await waitFor(() => FakeEventSource.current())
    stream.emit(REVOKED_EVENT, {})
    await screen.findByRole('button', { name: 'Entrar' })
    answer(noContent())

    expect(await screen.findByText('Cuenta eliminada')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
