import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const office = {
  id: 'o1',
  name: 'Fincas Pérez S.L.',
  nif: 'B12345674',
  colegiado: null,
  code: 'ABCD2345',
  createdAt: '2026-11-01T10:00:00Z',
  rights: 'write',
} as const
const nueva = {
  communityId: 'c-nueva',
  communityName: 'Calle Nueva 5',
  organisationId: 'o1',
  organisationName: 'Fincas Pérez S.L.',
  nif: 'B12345674',
  colegiado: null,
  status: 'active',
  invitedAt: '2026-11-29T10:00:00Z',
  acceptedAt: '2026-11-29T10:00:00Z',
} as const
const plan = {
  lines: [
    { line: 2, unit: '1º A', kind: 'vivienda', coefficient: '30.5', new: true, owners: [{ email: 'ines@example.es', outcome: 'invite' }] },
    {
      line: 3,
      unit: '1º B',
      kind: 'vivienda',
      coefficient: null,
      new: false,
      owners: [
        { email: 'pablo@example.es', outcome: 'invited' },
        { email: 'rosa@example.es', outcome: 'member' },
      ],
    },
  ],
  unitsCreated: 1,
  unitsUpdated: 0,
  invitationsSent: 1,
  alreadyInvited: 1,
  alreadyMembers: 1,
}

function staff(rights: 'write' | 'read' = 'write') {
  fakeApi.signIn({ ...testUser, communityId: undefined, role: undefined })
  fakeApi.on('GET /api/v1/organisation', () => json({ organisation: { ...office, rights } }))
  fakeApi.on('GET /api/v1/organisation/communities', () => json([nueva]))
}

const file = (text: string) => new File([text], 'comunidad.csv', { type: 'text/csv' })

describe('/despacho/comunidades/:id/importar', () => {
  it('names every faulty line of a refused file, then previews and imports the fixed one', async () => {
    staff()
    let previews = 0
    fakeApi.on('POST /api/v1/organisation/communities/{communityId}/import/preview', () => {
      previews++
      if (previews === 1) {
        return json(
          {
            status: 422,
            code: 'invalid',
            detail: 'El CSV tiene 2 errores; no se ha importado nada',
            errors: [
              { location: 'body.csv', message: 'Línea 2: el email «ines@example» no es válido' },
              { location: 'body.csv', message: 'Línea 3: «1º A» ya está en la línea 2' },
            ],
          },
          422,
        )
      }
      return json(plan)
    })
    fakeApi.on('POST /api/v1/organisation/communities/{communityId}/import', () => json(plan))
    renderRoute('/despacho/comunidades/c-nueva/importar')

    expect(await screen.findByRole('heading', { level: 1, name: 'Importar unidades y propietarios' })).toBeInTheDocument()
    expect(await screen.findByText('Calle Nueva 5')).toBeInTheDocument()
    const review = screen.getByRole('button', { name: 'Revisar' })
    expect(review).toBeDisabled()

    await userEvent.upload(screen.getByLabelText('Archivo CSV'), file('nombre;email_propietario\n1º A;ines@example\n1º A;x@example.es\n'))
    await waitFor(() => {
      expect(review).toBeEnabled()
    })
    await userEvent.click(review)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('no se ha importado nada')
    expect(within(alert).getByText('Línea 2: el email «ines@example» no es válido')).toBeInTheDocument()
    expect(within(alert).getByText('Línea 3: «1º A» ya está en la línea 2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Importar y enviar invitaciones' })).not.toBeInTheDocument()

    const fixed = 'nombre;email_propietario\n1º A;ines@example.es\n1º B;"pablo@example.es;rosa@example.es"\n'
    await userEvent.upload(screen.getByLabelText('Archivo CSV'), file(fixed))
    await waitFor(() => {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }))
    const table = await screen.findByRole('table', { name: '2. Revisa lo que se va a importar' })
    expect(screen.getByText('Se crearán 1 viviendas y se enviarán 1 invitaciones.')).toBeInTheDocument()
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('1º A')
    expect(rows[1]).toHaveTextContent('ines@example.esSe invitará')
    expect(rows[2]).toHaveTextContent('ya existe')
    expect(rows[2]).toHaveTextContent('pablo@example.esYa invitado')
    expect(rows[2]).toHaveTextContent('rosa@example.esYa es vecino')

    await userEvent.click(screen.getByRole('button', { name: 'Importar y enviar invitaciones' }))
    expect(await screen.findByRole('status')).toHaveTextContent('1 viviendas creadas, 1 invitaciones enviadas')
    expect(fakeApi.calls('POST /api/v1/organisation/communities/{communityId}/import')[0]?.body).toEqual({ csv: fixed })
    expect(fakeApi.calls('POST /api/v1/organisation/communities/{communityId}/import')[0]?.params.communityId).toBe('c-nueva')
  })

  it('offers nothing to import to read rights, nor in a community the office does not run', async () => {
    staff('read')
    const { unmount } = renderRoute('/despacho/comunidades/c-nueva/importar')
    expect(await screen.findByText('Tu acceso al despacho es de solo lectura: no puedes importar.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Archivo CSV')).not.toBeInTheDocument()
    unmount()

    staff()
    renderRoute('/despacho/comunidades/c-otra/importar')
    expect(await screen.findByText('Tu despacho no administra esta comunidad.')).toBeInTheDocument()
  })
})

describe('/despacho: Nueva comunidad', () => {
  it('creates a community the office runs and goes on to import its owners', async () => {
    staff()
    fakeApi.on('GET /api/v1/organisation/staff', () => json({ staff: [], invitations: [] }))
    fakeApi.on('POST /api/v1/organisation/communities', () => json(nueva, 201))
    const { router } = renderRoute('/despacho')

    await userEvent.click(await screen.findByRole('button', { name: 'Nueva comunidad' }))
    const form = screen.getByRole('form', { name: 'Nueva comunidad' })
    const submit = within(form).getByRole('button', { name: 'Crear comunidad' })
    expect(submit).toBeDisabled()
    await userEvent.type(within(form).getByLabelText('Nombre de la comunidad'), 'Calle Nueva 5')
    await userEvent.type(within(form).getByLabelText('Dirección'), 'Calle Nueva 5')
    await userEvent.type(within(form).getByLabelText('Ciudad'), 'Madrid')
    await userEvent.type(within(form).getByLabelText('Código postal'), '28013')
    await userEvent.click(submit)

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/despacho/comunidades/c-nueva/importar')
    })
    expect(fakeApi.calls('POST /api/v1/organisation/communities')[0]?.body).toEqual({
      name: 'Calle Nueva 5',
      address: 'Calle Nueva 5',
      city: 'Madrid',
      postalCode: '28013',
    })
  })
})
