import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const members = [
  { id: 'user-1', fullName: 'Ana García', email: 'ana@example.com', role: 'admin' },
  { id: 'user-2', fullName: 'Bea Ruiz', email: 'bea@example.com', role: 'user' },
] as const

function signInAdmin() {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
  fakeApi.on('GET /api/v1/community/roles', () => json({ members, adminCount: 3, maxAdmins: 3 }))
}

function toastWith(title: string): Promise<HTMLElement> {
  return screen.findByText(title).then((el) => {
    const li = el.closest('li')
    if (!li) throw new Error('no toast')
    return li
  })
}

describe('role management', () => {
  it('lists the members with the admin count and the selector labels', async () => {
    signInAdmin()
    renderRoute('/settings/roles')

    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de Roles' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Miembros de la Comunidad' })).toBeInTheDocument()
    expect(
      await screen.findByText('Máximo 3 administradores permitidos. Actualmente hay 3 administrador(es).'),
    ).toBeInTheDocument()
    const bea = screen.getByRole('combobox', { name: 'Rol de Bea Ruiz' })
    expect(within(bea).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Presidente',
      'Propietario',
      'Inquilino',
    ])
  })

  it("refuses to change one's own role: 'Acción no permitida'", async () => {
    signInAdmin()
    const { user } = renderRoute('/settings/roles')

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rol de Ana García' }), 'user')

    expect(within(await toastWith('Acción no permitida')).getByText('No puedes modificar tu propio rol')).toBeVisible()
    expect(fakeApi.calls('PUT /api/v1/community/members/{userId}/role')).toHaveLength(0)
  })

  it("shows the server's refusal of a 4th admin as 'Límite alcanzado'", async () => {
    signInAdmin()
    fakeApi.on('PUT /api/v1/community/members/{userId}/role', () =>
      problem(409, 'conflict', 'No puede haber más de 3 administradores en la comunidad'),
    )
    const { user } = renderRoute('/settings/roles')

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rol de Bea Ruiz' }), 'admin')

    const toast = await toastWith('Límite alcanzado')
    expect(within(toast).getByText('No puede haber más de 3 administradores en la comunidad')).toBeVisible()
    expect(fakeApi.calls('PUT /api/v1/community/members/{userId}/role')[0]).toMatchObject({
      params: { userId: 'user-2' },
      body: { role: 'admin' },
    })
  })

  it("sends a non-admin back to /settings with 'Acceso denegado'", async () => {
    fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'user' })
    const { router } = renderRoute('/settings/roles')

    expect(await screen.findByText('Acceso denegado')).toBeInTheDocument()
    expect(screen.getByText('Solo los administradores pueden acceder a esta sección')).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Configuración' })
    expect(router.state.location.pathname).toBe('/settings')
  })

  it("sends a user without a community back to /settings: 'No perteneces a ninguna comunidad'", async () => {
    fakeApi.signIn(testUser)
    const { router } = renderRoute('/settings/roles')

    expect(await screen.findByText('No perteneces a ninguna comunidad')).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Configuración' })
    expect(router.state.location.pathname).toBe('/settings')
  })
})
