import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const match = {
  id: 'community-9',
  name: 'Comunidad Calle Mayor 5',
  address: 'Calle Mayor, 5',
  city: 'Madrid',
  postalCode: '28013',
  province: 'Madrid',
}

async function open() {
  fakeApi.signIn(testUser)
  fakeApi.on('PUT /api/v1/onboarding/step', () => json({}))
  const view = renderRoute('/find-community')
  await screen.findByRole('heading', { level: 1, name: 'Encuentra tu comunidad' })
  return view
}

async function toastText(): Promise<string> {
  const title = await screen.findByText('Error de validación')
  return title.closest('li')?.textContent ?? ''
}

describe('find community', () => {
  it('asks for the 20 characters of a cadastral reference', async () => {
    const { user } = await open()
    await user.type(screen.getByRole('textbox', { name: 'Referencia catastral' }), '9872023 VH5797')
    await user.click(screen.getByRole('button', { name: 'Buscar' }))

    expect(await toastText()).toContain('La referencia catastral debe tener 20 caracteres (letras y números)')
    expect(fakeApi.calls('GET /api/v1/onboarding/communities/by-reference')).toHaveLength(0)
  })

  it('checks the control letters', async () => {
    const { user } = await open()
    await user.type(screen.getByRole('textbox', { name: 'Referencia catastral' }), '9872024VH5797S0001WX')
    await user.click(screen.getByRole('button', { name: 'Buscar' }))

    expect(await toastText()).toContain('La referencia catastral no es válida')
  })

  it('searches a spaced, lower-case reference normalised and offers the match', async () => {
    fakeApi.on('GET /api/v1/onboarding/communities/by-reference', () => json({ communities: [match] }))
    const { user, router } = await open()
    await user.type(screen.getByRole('textbox', { name: 'Referencia catastral' }), '9872023vh5797s 0001wx')
    await user.click(screen.getByRole('button', { name: 'Buscar' }))

    expect(await screen.findByText('Comunidad encontrada')).toBeInTheDocument()
    const request = fakeApi.calls('GET /api/v1/onboarding/communities/by-reference')[0]
    expect(request).toBeDefined()

    await user.click(screen.getByRole('button', { name: /Comunidad Calle Mayor 5/ }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/choose-unit')
    })
  })

  it('requires the address fields and offers to create the community when none is found', async () => {
    fakeApi.on('GET /api/v1/onboarding/communities/by-address', () => json({ communities: [] }))
    const { user } = await open()
    await user.click(screen.getByRole('tab', { name: 'Dirección' }))
    await user.click(screen.getByRole('button', { name: 'Buscar' }))
    expect(await toastText()).toContain('La provincia es obligatoria')

    await user.type(screen.getByLabelText('Provincia'), 'Madrid')
    await user.type(screen.getByLabelText('Municipio'), 'Madrid')
    await user.type(screen.getByLabelText('Nombre de la calle'), 'Mayor')
    await user.type(screen.getByLabelText('Número'), '5')
    await user.click(screen.getByRole('button', { name: 'Buscar' }))

    expect(await screen.findByRole('heading', { name: 'No hemos encontrado tu comunidad' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Crear comunidad' }))
    const form = within(screen.getByRole('region', { name: 'Nueva comunidad' }))
    expect(form.getByLabelText('Dirección')).toHaveValue('Calle Mayor, 5')
    expect(form.getByLabelText('Ciudad')).toHaveValue('Madrid')
  })
})
