import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { testProfile } from '../test/fixtures'

async function openProfile() {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
  fakeApi.on('GET /api/v1/profile', () => json(testProfile))
  const view = renderRoute('/settings/profile')
  await screen.findByRole('heading', { level: 1, name: 'Perfil Personal' })
  await view.user.click(await screen.findByRole('button', { name: 'Editar' }))
  return view
}

/** Replaces the text of a field at once (typing a whole address key by key is slow). */
async function fill(user: ReturnType<typeof renderRoute>['user'], field: HTMLElement, value: string) {
  await user.clear(field)
  await user.click(field)
  await user.paste(value)
}

/** The description of the validation toast. */
async function validationToast(): Promise<HTMLElement> {
  const title = await screen.findByText('Error de validación')
  const toast = title.closest('li')
  if (!toast) throw new Error('no toast')
  return toast
}

describe('profile', () => {
  it('shows the role label of the profile screen and the data in view mode', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
    fakeApi.on('GET /api/v1/profile', () => json(testProfile))
    renderRoute('/settings/profile')

    expect(await screen.findByText('Administrador')).toBeInTheDocument()
    expect(screen.getByText('+34600111222')).toBeInTheDocument()
  })

  it.each([
    ['fullName', '   ', 'El nombre es requerido'],
    ['fullName', 'a'.repeat(101), 'El nombre es demasiado largo'],
    ['email', 'ana@', 'Email inválido'],
    ['phone', '0612', 'Número de teléfono inválido'],
  ])('rejects %s %j with %s under Error de validación', async (field, value, message) => {
    const { user } = await openProfile()
    const label = { fullName: /^Nombre completo/, email: /^Email$/, phone: /^Teléfono/ }[field] ?? ''
    const input = screen.getByLabelText(label)
    await user.clear(input)
    await user.click(input)
    await user.paste(value)
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(within(await validationToast()).getByText(message)).toBeInTheDocument()
    expect(fakeApi.calls('PATCH /api/v1/profile')).toHaveLength(0)
  })

  it('Cancelar restores the loaded values', async () => {
    const { user } = await openProfile()
    const name = screen.getByLabelText('Nombre completo')
    await user.clear(name)
    await user.type(name, 'Otra Persona')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))

    expect(await screen.findByText('Ana García')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Editar' }))
    expect(screen.getByLabelText('Nombre completo')).toHaveValue('Ana García')
  })

  it('saves the changes and says so', async () => {
    fakeApi.on('PATCH /api/v1/profile', ({ body }) => json({ ...testProfile, ...(body as object) }))
    const { user } = await openProfile()
    const name = screen.getByLabelText('Nombre completo')
    await user.clear(name)
    await user.type(name, '  Ana López ')
    await user.click(screen.getByRole('switch', { name: /Mostrar mi teléfono/ }))
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(await screen.findByText('Tu perfil se actualizó correctamente')).toBeInTheDocument()
    expect(fakeApi.calls('PATCH /api/v1/profile')[0]?.body).toEqual({
      fullName: 'Ana López',
      phone: '+34600111222',
      contactVisible: true,
      avatarUrl: '',
    })
  })

  it('asks for the current password only when the email changes, and sends it with the new address', async () => {
    fakeApi.on('PATCH /api/v1/profile', () => json({ ...testProfile, pendingEmail: 'ana.nueva@example.com' }))
    const { user } = await openProfile()
    expect(screen.queryByLabelText('Contraseña actual')).not.toBeInTheDocument()

    await fill(user, screen.getByLabelText(/^Email$/), 'ana.nueva@example.com')
    const password = screen.getByLabelText('Contraseña actual')
    expect(password).toHaveAccessibleDescription('Para cambiar el email, confirma que eres tú con tu contraseña')
    await fill(user, password, 'Secreto123')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(
      (await screen.findAllByText('Hemos enviado un enlace a ana.nueva@example.com. El cambio se aplicará cuando lo abras.'))
        .length,
    ).toBeGreaterThan(0)
    expect(fakeApi.calls('PATCH /api/v1/profile')[0]?.body).toMatchObject({
      email: 'ana.nueva@example.com',
      password: 'Secreto123',
    })
  })

  it("shows the server's answer to a wrong password and keeps the form open", async () => {
    fakeApi.on('PATCH /api/v1/profile', () => problem(401, 'invalid_credentials', 'La contraseña actual no es correcta'))
    const { user } = await openProfile()
    await fill(user, screen.getByLabelText(/^Email$/), 'otra@example.com')
    await fill(user, screen.getByLabelText('Contraseña actual'), 'Adivina123')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument()
    expect(screen.getByLabelText('Contraseña actual')).toBeInTheDocument()
  })

  it('does not ask accounts without a password (Google, Facebook) for one', async () => {
    fakeApi.on('PATCH /api/v1/profile', () => json({ ...testProfile, hasPassword: false, pendingEmail: 'otra@example.com' }))
    fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
    fakeApi.on('GET /api/v1/profile', () => json({ ...testProfile, hasPassword: false }))
    const { user } = renderRoute('/settings/profile')
    await user.click(await screen.findByRole('button', { name: 'Editar' }))
    await fill(user, screen.getByLabelText(/^Email$/), 'otra@example.com')
    expect(screen.queryByLabelText('Contraseña actual')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Guardar' }))

    await screen.findByText('Tu perfil se actualizó correctamente')
    expect(fakeApi.calls('PATCH /api/v1/profile')[0]?.body).not.toHaveProperty('password')
  })
})
