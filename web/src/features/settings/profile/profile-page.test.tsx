import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
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
})
