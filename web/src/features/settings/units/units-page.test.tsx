import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

interface Unit {
  id: string
  name: string
  floor: string | null
  building: string | null
  staircase: string | null
  kind: 'vivienda' | 'local' | 'garaje'
  coefficient: string | null
  ownerName: string | null
  hasOwner: boolean
  residents: number
}

function unit(id: string, building: string, name: string, extra: Partial<Unit> = {}): Unit {
  return { id, name, floor: '1º', building, staircase: null, kind: 'vivienda', coefficient: null, ownerName: null, hasOwner: false, residents: 0, ...extra }
}

const [portal1A, portal2A, local1] = [
  unit('u1', 'Portal 1', '1º A', { coefficient: '50', ownerName: 'Bea Ruiz', hasOwner: true, residents: 1 }),
  unit('u2', 'Portal 2', '1º A', { coefficient: '49.5' }),
  unit('u3', 'Portal 2', 'Local 1', { kind: 'local', floor: 'Bajo' }),
]
const units = [portal1A, portal2A, local1]

function registry(list: Unit[], sum: string, are100: boolean) {
  return { units: list, coefficientSum: sum, coefficientsAre100: are100, coefficientsMissing: list.filter((u) => !u.coefficient).length }
}

function signInAdmin() {
  fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'admin' })
  fakeApi.on('GET /api/v1/community/units', () => json(registry(units, '99.5', false)))
}

describe('Viviendas y locales', () => {
  it('lists the units of both portals with the sum of coeficientes, and searches them', async () => {
    signInAdmin()
    const { user } = renderRoute('/settings/units')

    expect(await screen.findByRole('heading', { level: 1, name: 'Viviendas y locales' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Unidades' })
    expect(within(list).getByText('Portal 1 · 1º A')).toBeInTheDocument()
    expect(within(list).getByText('Portal 2 · 1º A')).toBeInTheDocument()
    expect(within(list).getByText('Vivienda · 50 % · Bea Ruiz · 1 vecino')).toBeInTheDocument()
    expect(screen.getByText('3 unidades')).toBeInTheDocument()
    expect(screen.getByText('99,5 %')).toBeInTheDocument()
    expect(screen.getByText('No suman 100 %')).toBeInTheDocument()
    expect(screen.getByText('1 unidad sin coeficiente')).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Buscar unidad' }), 'local')
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(within(list).getByText('Portal 2 · Local 1')).toBeInTheDocument()
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar unidad' }))
    await user.type(screen.getByRole('searchbox', { name: 'Buscar unidad' }), 'nada')
    expect(screen.getByText('Ninguna unidad coincide con la búsqueda.')).toBeInTheDocument()
  })

  it('saves a coeficiente and shows the new sum', async () => {
    signInAdmin()
    fakeApi.on('PATCH /api/v1/community/units/{id}', () =>
      json(registry([portal1A, { ...portal2A, coefficient: '50' }, local1], '100', true)),
    )
    const { user } = renderRoute('/settings/units')

    await user.click(await screen.findByRole('button', { name: 'Editar Portal 2 · 1º A' }))
    const form = screen.getByRole('form', { name: 'Editar Portal 2 · 1º A' })
    const coefficient = within(form).getByLabelText('Coeficiente (%)')
    expect(coefficient).toHaveValue('49,5')
    await user.clear(coefficient)
    await user.type(coefficient, '50')
    await user.click(within(form).getByRole('button', { name: 'Guardar' }))

    expect(await screen.findByText('Suman 100 %')).toBeInTheDocument()
    expect(screen.getByText('100 %')).toBeInTheDocument()
    const [call] = fakeApi.calls('PATCH /api/v1/community/units/{id}')
    expect(call?.params).toEqual({ id: 'u2' })
    expect(call?.body).toMatchObject({ name: '1º A', building: 'Portal 2', coefficient: '50', kind: 'vivienda' })
  })

  it("shows the server's refusal to remove an occupied unit", async () => {
    signInAdmin()
    fakeApi.on('DELETE /api/v1/community/units/{id}', () =>
      problem(409, 'conflict', 'No se puede eliminar «Portal 1 · 1º A»: tiene vecinos o propietario. Fusiónala con otra unidad para trasladarlos'),
    )
    const { user } = renderRoute('/settings/units')

    await user.click(await screen.findByRole('button', { name: 'Editar Portal 1 · 1º A' }))
    await user.click(screen.getByRole('button', { name: 'Eliminar' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar Portal 1 · 1º A?' })
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))

    expect(
      await screen.findByText('No se puede eliminar «Portal 1 · 1º A»: tiene vecinos o propietario. Fusiónala con otra unidad para trasladarlos'),
    ).toBeInTheDocument()
    expect(screen.getByText('Portal 1 · 1º A')).toBeInTheDocument()
  })

  it('lists the faulty lines of a CSV import', async () => {
    signInAdmin()
    fakeApi.on('POST /api/v1/community/units/import', () =>
      new Response(
        JSON.stringify({
          status: 422,
          code: 'invalid',
          title: 'Unprocessable Entity',
          detail: 'El CSV tiene 2 errores; no se ha importado nada',
          errors: [
            { location: 'body.csv', message: 'Línea 3: el coeficiente «abc» no es un número' },
            { location: 'body.csv', message: 'Línea 4: falta el nombre (o la puerta) de la unidad' },
          ],
        }),
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    )
    const { user } = renderRoute('/settings/units')

    const paste = await screen.findByLabelText('O pega aquí las filas de tu hoja de cálculo')
    await user.type(paste, 'nombre;coeficiente')
    await user.click(screen.getByRole('button', { name: 'Importar' }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('No se ha importado nada. Corrige estas líneas:')).toBeInTheDocument()
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Línea 3: el coeficiente «abc» no es un número',
      'Línea 4: falta el nombre (o la puerta) de la unidad',
    ])
    expect(fakeApi.calls('POST /api/v1/community/units/import')[0]?.body).toEqual({ csv: 'nombre;coeficiente', removeMissing: false })
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/v1/community/units/export')
  })

  it('lists the units a CSV does not have, removing the empty ones only when asked', async () => {
    signInAdmin()
    fakeApi.on('POST /api/v1/community/units/import', () => json({ added: 0, updated: 1, removed: 2, missing: ['Portal 1 · 2º B'] }))
    const { user } = renderRoute('/settings/units')

    await user.type(await screen.findByLabelText('O pega aquí las filas de tu hoja de cálculo'), 'nombre')
    await user.click(screen.getByLabelText('Eliminar las unidades que no están en el fichero (solo las que no tienen vecinos ni propietario)'))
    await user.click(screen.getByRole('button', { name: 'Importar' }))

    const status = await screen.findByRole('status')
    expect(within(status).getByText('No están en el fichero (1):')).toBeInTheDocument()
    expect(within(status).getByText('Se mantienen porque tienen vecinos o propietario. Para quitarlas, fusiónalas con otra unidad.')).toBeInTheDocument()
    expect(within(status).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Portal 1 · 2º B'])
    expect(fakeApi.calls('POST /api/v1/community/units/import')[0]?.body).toEqual({ csv: 'nombre', removeMissing: true })
  })

  it('is for admins only', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'community-1', role: 'user' })
    renderRoute('/settings/units')

    expect(await screen.findByText('Acceso denegado')).toBeInTheDocument()
    expect(fakeApi.calls('GET /api/v1/community/units')).toHaveLength(0)
  })

  it('links the screen from /settings for admins', async () => {
    signInAdmin()
    renderRoute('/settings')
    expect(await screen.findByRole('link', { name: 'Viviendas y locales' })).toHaveAttribute('href', '/settings/units')
  })
})
