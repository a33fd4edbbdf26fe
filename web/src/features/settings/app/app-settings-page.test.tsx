import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import { testProfile } from '../test/fixtures'

function open() {
  fakeApi.signIn(testUser)
  fakeApi.on('PATCH /api/v1/profile', ({ body }) => json({ ...testProfile, ...(body as object) }))
  return renderRoute('/settings/app')
}

describe('app settings', () => {
  it("shows 'Guardar y Salir' only while a value differs from the defaults", async () => {
    const { user } = open()
    await screen.findByRole('heading', { level: 1, name: 'Aplicación' })
    expect(screen.queryByRole('button', { name: 'Guardar y Salir' })).not.toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Tema'), 'dark')
    expect(screen.getByRole('button', { name: 'Guardar y Salir' })).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('appSettings') ?? '{}')).toMatchObject({ theme: 'dark' })
    expect(document.documentElement).toHaveClass('dark')

    await user.selectOptions(screen.getByLabelText('Tema'), 'system')
    expect(screen.queryByRole('button', { name: 'Guardar y Salir' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('switch', { name: 'Ahorro de datos' }))
    expect(screen.getByRole('button', { name: 'Guardar y Salir' })).toBeInTheDocument()
  })

  it("saves and leaves with 'Configuración guardada'", async () => {
    const { user, router } = open()
    await user.click(await screen.findByRole('switch', { name: 'Sonido' }))
    await user.click(screen.getByRole('button', { name: 'Guardar y Salir' }))

    expect(await screen.findByText('Configuración guardada')).toBeInTheDocument()
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/settings')
    })
  })

  it('switches the whole interface to Catalan at once', async () => {
    const { user } = open()
    await screen.findByRole('heading', { level: 1, name: 'Aplicación' })

    await user.selectOptions(screen.getByLabelText('Idioma'), 'ca')

    expect(await screen.findByRole('heading', { level: 1, name: 'Aplicació' })).toBeInTheDocument()
    expect(screen.getByLabelText('Mida de la lletra')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Desar i sortir' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('ca')
    expect(fakeApi.calls('PATCH /api/v1/profile')[0]?.body).toEqual({ language: 'ca' })
  })
})
