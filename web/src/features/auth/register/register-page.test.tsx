import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, problem } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const community = { name: 'Comunidad Mayor 5', address: 'Calle Mayor 5', city: 'Madrid' }

async function openRegister(path = '/register') {
  fakeApi.on('POST /api/v1/auth/check-email', () => json({ exists: false }))
  const view = renderRoute(path)
  await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' })
  return view
}

async function fillAccount(user: UserEvent, password = 'Secreto123') {
  await user.type(screen.getByLabelText('Nombre completo'), 'Ana García')
  await user.type(screen.getByLabelText('Email'), 'ana@example.com')
  await user.type(screen.getByLabelText('Contraseña'), password)
}

async function toCommunityStep(user: UserEvent) {
  await fillAccount(user)
  await user.click(screen.getByRole('button', { name: 'Siguiente' }))
  await screen.findByRole('heading', { level: 2, name: 'Comunidad' })
}

async function fillAddress(user: UserEvent) {
  await user.type(screen.getByLabelText('Nombre de la vía'), 'Mayor')
  await user.type(screen.getByLabelText('Número'), '5')
  await user.type(screen.getByLabelText('Código postal'), '28013')
}

async function toContactsStep(user: UserEvent) {
  await toCommunityStep(user)
  await fillAddress(user)
  await user.click(screen.getByRole('button', { name: 'Siguiente' }))
  await screen.findByRole('heading', { level: 2, name: 'Contactos' })
}

function toastWith(title: string) {
  const item = screen.getByText(title).closest('li')
  if (!item) throw new Error(`no toast titled ${title}`)
  return within(item)
}

describe('register, step Cuenta', () => {
  it('rates the password as it is typed: Débil, Media, Buena, Fuerte', async () => {
    const { user } = await openRegister()
    const password = screen.getByLabelText('Contraseña')
    const meter = () => screen.getByRole('meter', { name: 'Seguridad de la contraseña' })
    expect(screen.queryByRole('meter')).not.toBeInTheDocument()

    await user.type(password, 'abc')
    expect(meter()).toHaveAttribute('aria-valuetext', 'Débil')
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent('Débil')

    await user.clear(password)
    await user.type(password, 'abcdefgH') // length, lower, upper: 60
    expect(meter()).toHaveAttribute('aria-valuetext', 'Media')

    await user.type(password, '1') // + digit: 80
    expect(meter()).toHaveAttribute('aria-valuetext', 'Buena')

    await user.type(password, '!') // + special: 100
    expect(meter()).toHaveAttribute('aria-valuetext', 'Fuerte')
    expect(meter()).toHaveAttribute('aria-valuenow', '100')
  })

  it("says 'Campos incompletos' when something is missing", async () => {
    const { user } = await openRegister()

    await user.type(screen.getByLabelText('Nombre completo'), 'Ana')
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))

    expect(await screen.findByText('Campos incompletos')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Email')).toHaveFocus()
    expect(fakeApi.calls('POST /api/v1/auth/check-email')).toHaveLength(0)
  })

  it("says 'Contraseña débil' below 60 points", async () => {
    const { user } = await openRegister()

    await fillAccount(user, 'abcdefgh')
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))

    expect(await screen.findByText('Contraseña débil')).toBeInTheDocument()
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      expect.stringContaining('La contraseña no cumple con los requisitos mínimos de seguridad') as string,
    )
  })

  it('asks for upper case, lower case and a digit', async () => {
    const { user } = await openRegister()

    await fillAccount(user, 'Abcdefgh!')
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))

    expect(await screen.findByText('Error de validación')).toBeInTheDocument()
    expect(
      toastWith('Error de validación').getByText(
        'La contraseña debe tener entre 8 y 72 caracteres, con mayúsculas, minúsculas y números',
      ),
    ).toBeInTheDocument()
  })

  it("says 'Usuario ya registrado' when the email already has an account", async () => {
    const { user } = await openRegister()
    fakeApi.on('POST /api/v1/auth/check-email', () => json({ exists: true }))

    await fillAccount(user)
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))

    expect(await screen.findByText('Usuario ya registrado')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Cuenta' })).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/check-email')[0]?.body).toEqual({ email: 'ana@example.com' })
  })

  it('says so when the email cannot be checked', async () => {
    const { user } = await openRegister()
    fakeApi.on('POST /api/v1/auth/check-email', () => problem(500, 'internal', 'boom'))

    await fillAccount(user)
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))

    expect(await screen.findByText('No se pudo verificar el email. Inténtalo de nuevo.')).toBeInTheDocument()
  })

  it('moves focus to the next step and keeps what was typed when going back', async () => {
    const { user } = await openRegister()

    await toCommunityStep(user)
    expect(screen.getByRole('heading', { level: 2, name: 'Comunidad' })).toHaveFocus()
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Comunidad')
    await user.type(screen.getByLabelText('Nombre de la vía'), 'Mayor')

    await user.click(screen.getByRole('button', { name: 'Atrás' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Cuenta' })).toHaveFocus()
    expect(screen.getByLabelText('Nombre completo')).toHaveValue('Ana García')
    expect(screen.getByLabelText('Contraseña')).toHaveValue('Secreto123')

    await user.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(await screen.findByLabelText('Nombre de la vía')).toHaveValue('Mayor')
  })
})

describe('register, step Comunidad', () => {
  it('finds the community at 8 characters, fills and locks the address', async () => {
    fakeApi.on('GET /api/v1/communities/lookup/{code}', ({ params }) =>
      params.code === 'ABCDEFGH' ? json(community) : problem(404, 'not_found', 'No'),
    )
    const { user } = await openRegister()
    await toCommunityStep(user)

    const code = screen.getByLabelText(/Código de invitación/)
    await user.type(code, 'abcdefg')
    expect(code).toHaveValue('ABCDEFG')
    expect(fakeApi.calls('GET /api/v1/communities/lookup/{code}')).toHaveLength(0)

    await user.type(code, 'h')

    expect(await screen.findByText('Comunidad encontrada')).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre de la vía')).toHaveValue('Mayor')
    expect(screen.getByLabelText('Nombre de la vía')).toBeDisabled()
    expect(screen.getByLabelText('Número')).toHaveValue('5')
    expect(screen.getByLabelText('Número')).toBeDisabled()
    expect(screen.getByLabelText('Tipo de vía')).toBeDisabled()
    expect(screen.getByLabelText('Código postal')).toBeDisabled()
    expect(screen.getByLabelText('Ciudad')).toHaveValue('Madrid')
    expect(screen.getByText('Comunidad Mayor 5')).toBeInTheDocument()

    // Below 8 characters the result is gone and the address is the user's again.
    await user.type(code, '{Backspace}')
    expect(screen.getByLabelText('Nombre de la vía')).toBeEnabled()
    expect(screen.getByLabelText('Nombre de la vía')).toHaveValue('')
    expect(screen.queryByText('Te unirás a esta comunidad')).not.toBeInTheDocument()
  })

  it("says 'Token inválido' when no community has the code", async () => {
    fakeApi.on('GET /api/v1/communities/lookup/{code}', () =>
      problem(404, 'not_found', 'No se encontró ninguna comunidad con este código'),
    )
    const { user } = await openRegister()
    await toCommunityStep(user)

    await user.type(screen.getByLabelText(/Código de invitación/), 'ZZZZZZZZ')

    expect(await screen.findByText('Token inválido')).toBeInTheDocument()
    expect(
      toastWith('Token inválido').getByText('No se encontró ninguna comunidad con este código'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre de la vía')).toBeEnabled()

    await fillAddress(user)
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(screen.getByRole('heading', { level: 2, name: 'Comunidad' })).toBeInTheDocument()
  })

  it('prefills the code of an invitation link and looks it up', async () => {
    fakeApi.on('GET /api/v1/communities/lookup/{code}', () => json(community))
    const { user } = await openRegister('/register?token=ABCDEFGH')

    expect(await screen.findByText('Comunidad encontrada')).toBeInTheDocument()
    expect(fakeApi.calls('GET /api/v1/communities/lookup/{code}')).toHaveLength(1)

    await toCommunityStep(user)
    expect(screen.getByLabelText(/Código de invitación/)).toHaveValue('ABCDEFGH')
    expect(screen.getByLabelText('Nombre de la vía')).toBeDisabled()
  })

  it('requires the address when creating a community, and links to the Catastro', async () => {
    const { user } = await openRegister()
    await toCommunityStep(user)

    const catastro = screen.getByRole('link', { name: /Buscar en el Catastro/ })
    expect(catastro).toHaveAttribute('href', 'https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx?buscar=S')
    expect(catastro).toHaveAttribute('target', '_blank')
    expect(catastro).toHaveAttribute('rel', 'noopener noreferrer')

    await user.click(screen.getByRole('button', { name: 'Siguiente' }))

    expect(await screen.findByText('Error de validación')).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre de la vía')).toHaveAccessibleDescription('Indica el nombre de la vía')
    expect(screen.getByLabelText('Código postal')).toHaveAccessibleDescription('El código postal debe tener 5 números')
  })

  it('checks the cadastral reference: 20 upper-case letters and digits', async () => {
    const { user } = await openRegister()
    await toCommunityStep(user)
    await fillAddress(user)

    const ref = screen.getByLabelText(/Referencia catastral/)
    await user.type(ref, '9872023 vh5797s')
    expect(ref).toHaveValue('9872023VH5797S')
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))

    expect(
      await screen.findByText(/La referencia catastral debe tener 20 caracteres/, { selector: 'p' }),
    ).toBeInTheDocument()
  })
})

describe('register, step Contactos', () => {
  it("requires comments for the role 'Otros'", async () => {
    const { user } = await openRegister()
    await toContactsStep(user)

    await user.click(screen.getByRole('radio', { name: 'Otros' }))
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }))
    await user.click(screen.getByRole('button', { name: 'Finalizar registro' }))

    expect(
      await screen.findByText('Indica tu relación con la comunidad en los comentarios', {
        selector: '[data-description]',
      }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Comentarios')).toHaveAttribute('aria-invalid', 'true')
    expect(fakeApi.calls('POST /api/v1/auth/signup')).toHaveLength(0)
  })

  it('requires the terms', async () => {
    const { user } = await openRegister()
    await toContactsStep(user)

    expect(screen.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terminos')
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/privacidad')
    await user.click(screen.getByRole('radio', { name: 'Propietario' }))
    await user.click(screen.getByRole('button', { name: 'Finalizar registro' }))

    expect(
      await screen.findByText('Debes aceptar los términos y condiciones para continuar', {
        selector: '[data-description]',
      }),
    ).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: /Acepto/ })).toHaveFocus()
  })

  it("requires the president's name and floor when the user knows them", async () => {
    const { user } = await openRegister()
    await toContactsStep(user)

    await user.click(screen.getByRole('radio', { name: 'Propietario' }))
    await user.click(screen.getByRole('switch', { name: 'Conozco al presidente' }))
    await user.click(screen.getByRole('checkbox', { name: /Acepto/ }))
    await user.click(screen.getByRole('button', { name: 'Finalizar registro' }))

    expect(
      await screen.findByText('Indica el nombre del presidente', { selector: '[data-description]' }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Piso del presidente')).toHaveAccessibleDescription('Indica el piso del presidente')
  })

  it('signs up with everything and goes to /email-pending', async () => {
    fakeApi.on('POST /api/v1/auth/signup', () => json({ email: 'ana@example.com' }, 201))
    const { user, router } = await openRegister()
    await toCommunityStep(user)
    await user.selectOptions(screen.getByLabelText('Tipo de vía'), 'Avenida')
    await fillAddress(user)
    await user.type(screen.getByLabelText(/Tu piso/), '3º B')
    await user.type(screen.getByLabelText('Número de plantas'), '6')
    await user.click(screen.getByRole('switch', { name: 'El edificio tiene portales' }))
    await user.clear(screen.getByLabelText('Número de portales'))
    await user.type(screen.getByLabelText('Número de portales'), '2')
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))
    await screen.findByRole('heading', { level: 2, name: 'Contactos' })

    await user.click(screen.getByRole('radio', { name: 'Presidente' }))
    await user.type(
      screen.getByLabelText(/Invitar a vecinos/),
      'luis@example.com, eva@example.com{Enter}luis@example.com',
    )
    await user.click(screen.getByRole('checkbox', { name: /Acepto/ }))
    await user.click(screen.getByRole('button', { name: 'Finalizar registro' }))

    expect(await screen.findByText('¡Registro exitoso! Revisa tu email para confirmar tu cuenta.')).toBeInTheDocument()
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/email-pending')
    })
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/auth/signup')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'Secreto123',
      fullName: 'Ana García',
      language: 'es',
      metadata: {
        community_role: 'Presidente',
        community_intent: 'create',
        community_name: 'Avenida Mayor 5',
        community_address: 'Avenida Mayor 5',
        community_city: 'Madrid',
        community_postal_code: '28013',
        community_country: 'España',
        street_type: 'Avenida',
        street_name: 'Mayor',
        street_number: '5',
        floor: '3º B',
        floors_count: 6,
        portals_count: 2,
        knows_president: false,
        invitee_emails: ['luis@example.com', 'eva@example.com'],
      },
      acceptTerms: true,
    })
  })

  it('joins the community of the invitation code', async () => {
    fakeApi.on('GET /api/v1/communities/lookup/{code}', () => json(community))
    fakeApi.on('POST /api/v1/auth/signup', () => json({ email: 'ana@example.com' }, 201))
    const { user } = await openRegister('/register?token=ABCDEFGH')
    await screen.findByText('Comunidad encontrada')
    await toCommunityStep(user)
    await user.click(screen.getByRole('button', { name: 'Siguiente' }))
    await screen.findByRole('heading', { level: 2, name: 'Contactos' })

    await user.click(screen.getByRole('radio', { name: 'Inquilino' }))
    await user.click(screen.getByRole('checkbox', { name: /Acepto/ }))
    await user.click(screen.getByRole('button', { name: 'Finalizar registro' }))

    await screen.findByText('¡Registro exitoso! Revisa tu email para confirmar tu cuenta.')
    expect(fakeApi.calls('POST /api/v1/auth/signup')[0]?.body).toMatchObject({
      metadata: {
        community_role: 'Inquilino',
        community_intent: 'join',
        invite_token: 'ABCDEFGH',
        community_name: 'Comunidad Mayor 5',
        community_address: 'Calle Mayor 5',
        community_city: 'Madrid',
      },
    })
  })

  it('goes back to the account step when the server says the email is taken', async () => {
    fakeApi.on('POST /api/v1/auth/signup', () => problem(409, 'email_taken', 'Usuario ya registrado'))
    const { user } = await openRegister()
    await toContactsStep(user)

    await user.click(screen.getByRole('radio', { name: 'Propietario' }))
    await user.click(screen.getByRole('checkbox', { name: /Acepto/ }))
    await user.click(screen.getByRole('button', { name: 'Finalizar registro' }))

    expect(await screen.findByText('Email ya registrado')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'Cuenta' })).toHaveFocus()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Este email ya está registrado')
  })

  it("titles other server errors 'Error al registrarse' with the server's detail", async () => {
    fakeApi.on('POST /api/v1/auth/signup', () => problem(422, 'invalid', 'La referencia catastral no es válida'))
    const { user } = await openRegister()
    await toContactsStep(user)

    await user.click(screen.getByRole('radio', { name: 'Propietario' }))
    await user.click(screen.getByRole('checkbox', { name: /Acepto/ }))
    await user.click(screen.getByRole('button', { name: 'Finalizar registro' }))

    expect(await screen.findByText('Error al registrarse')).toBeInTheDocument()
    expect(toastWith('Error al registrarse').getByText('La referencia catastral no es válida')).toBeInTheDocument()
  })
})
