import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi, json, noContent, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

const community = {
  id: 'c-1',
  publicId: 'ABCDEFGH',
  name: 'Comunidad Mayor 5',
  address: 'Calle Mayor 5, Piso 3º, Madrid, España',
  city: 'Madrid',
  postalCode: '28013',
  country: 'España',
  catastralReference: null,
}

const dashboard = {
  openIncidents: 3,
  upcomingEvents: 2,
  unreadAnnouncements: 5,
  recentMessages: 7,
  activity: { newIncidents: 4, newEvents: 1, communityMessages: 7 },
}

function member(role: 'admin' | 'user' = 'user') {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role })
  fakeApi.on('GET /api/v1/community', () => json(community))
  fakeApi.on('GET /api/v1/dashboard', () => json(dashboard))
  // No booking coming. (Left unanswered, the fake API's refusal is retried a second later: a test counting
  // requests then saw two, or three, on a loaded machine.)
  fakeApi.on('GET /api/v1/reservations/next', () => json({ reservation: null }))
}

describe('dashboard', () => {
  it('greets the user by name, with their community and its shortened address', async () => {
    member()
    renderRoute('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana García' })).toBeInTheDocument()
    expect(await screen.findByText('Comunidad Mayor 5 · Calle Mayor 5, Piso 3º')).toBeInTheDocument()
  })

  it("says 'Cargando comunidad...' and shows a pulsing placeholder while loading", async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
    fakeApi.on('GET /api/v1/community', () => new Promise<Response>(() => undefined))
    fakeApi.on('GET /api/v1/dashboard', () => new Promise<Response>(() => undefined))
    renderRoute('/dashboard')

    expect(await screen.findByText('Cargando comunidad...')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Cargando datos del panel' })).toBeInTheDocument()
  })

  it('asks for the next reservation with its other data, not once the profile is there', async () => {
    member()
    fakeApi.on('GET /api/v1/profile', () => new Promise<Response>(() => undefined))
    renderRoute('/dashboard')

    expect(await screen.findByRole('status', { name: 'Cargando datos del panel' })).toBeInTheDocument()
    await waitFor(() => {
      expect(fakeApi.calls('GET /api/v1/reservations/next')).toHaveLength(1)
    })
    expect(screen.queryByText('Mi próxima reserva')).not.toBeInTheDocument()
  })

  it('shows the counters and the recent activity, each linking to its screen', async () => {
    member()
    renderRoute('/dashboard')

    expect(await screen.findByRole('link', { name: '3 Incidencias abiertas' })).toHaveAttribute('href', '/incidents')
    expect(screen.getByRole('link', { name: '2 Próximos eventos' })).toHaveAttribute('href', '/events')
    expect(screen.getByRole('link', { name: '5 Nuevos anuncios' })).toHaveAttribute('href', '/announcements')
    expect(screen.getByRole('link', { name: '7 Mensajes recientes' })).toBeInTheDocument()

    const activity = screen.getByRole('region', { name: 'Actividad Reciente de la Comunidad' })
    expect(within(activity).getByRole('link', { name: /Mensajes en la comunidad\s*7/ })).toHaveAttribute('href', '/community')
    expect(within(activity).getByRole('link', { name: /Nuevas incidencias\s*4/ })).toHaveAttribute('href', '/incidents')
    expect(within(activity).getByRole('link', { name: /Nuevos eventos\s*1/ })).toHaveAttribute('href', '/events')
    expect(fakeApi.calls('GET /api/v1/dashboard')).toHaveLength(1)
  })

  it('offers the four quick actions; a neighbour contacts the president', async () => {
    member('user')
    renderRoute('/dashboard')

    expect(await screen.findByRole('link', { name: 'Nueva incidencia' })).toHaveAttribute('href', '/incidents')
    expect(screen.getByRole('link', { name: 'Nuevo mensaje' })).toHaveAttribute('href', '/messages')
    expect(screen.getByRole('link', { name: 'Contacta con el Presidente' })).toHaveAttribute('href', '/directory')
    expect(screen.getByRole('link', { name: 'Acceder a servicios' })).toHaveAttribute('href', '/services')
  })

  it('an admin contacts the administrator', async () => {
    member('admin')
    renderRoute('/dashboard')

    expect(await screen.findByRole('link', { name: 'Contacta con el Administrador' })).toHaveAttribute('href', '/directory')
    expect(screen.queryByRole('link', { name: 'Contacta con el Presidente' })).not.toBeInTheDocument()
  })

  it("says 'Usuario' without a name and that there is no community yet, with the way to join or create one", async () => {
    fakeApi.signIn({ ...testUser, fullName: '' })
    renderRoute('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Usuario' })).toBeInTheDocument()
    expect(screen.getByText('Todavía no perteneces a ninguna comunidad.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Unirme o crear una comunidad' })).toHaveAttribute('href', '/start')
    expect(fakeApi.calls('GET /api/v1/community')).toHaveLength(0)
    expect(fakeApi.calls('GET /api/v1/dashboard')).toHaveLength(0)
  })

  it("signs out with 'Cerrar Sesión' and lands on /login", async () => {
    fakeApi.signIn()
    fakeApi.on('POST /api/v1/auth/logout', () => {
      fakeApi.signIn(null)
      return noContent()
    })
    const { user, router } = renderRoute('/dashboard')

    await user.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }))

    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    // Nothing remembered for whoever signs in next on this device.
    await waitFor(() => {
      expect(router.state.location.state).toBeNull()
    })
    expect(fakeApi.calls('POST /api/v1/auth/logout')).toHaveLength(1)
    expect(screen.getByLabelText('Email')).toBeInTheDocument()
  })

  it('shows the quick actions only once the profile says whether the unit reminder goes above them', async () => {
    member()
    // Every profile request waits until the test answers; any asked after that is answered at once (on a
    // loaded CI machine the one the screen reads was once not the one the test had answered).
    const waiting: ((response: Response) => void)[] = []
    fakeApi.on('GET /api/v1/profile', () => new Promise<Response>((resolve) => waiting.push(resolve)))
    renderRoute('/dashboard')

    expect(await screen.findByRole('heading', { level: 1, name: /Hola/ })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Cargando datos del panel' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Acciones rápidas' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cerrar Sesión' })).not.toBeInTheDocument()

    const profile = { id: testUser.id, email: testUser.email, fullName: testUser.fullName, communityId: 'c-1', role: 'user', unitId: null, onboardingCompleted: true, onboardingStep: null }
    fakeApi.on('GET /api/v1/profile', () => json(profile))
    for (const answer of waiting) answer(json(profile))
    const reminder = await screen.findByRole('region', { name: '¿Cuál es tu vivienda?' })
    const actions = screen.getByRole('heading', { name: 'Acciones rápidas' })
    expect(reminder.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeInTheDocument()
  })

  it('reminds a member without a unit to choose it until they do', async () => {
    member()
    const profile = { id: testUser.id, email: testUser.email, fullName: testUser.fullName, communityId: 'c-1', role: 'user' }
    fakeApi.on('GET /api/v1/profile', () => json({ ...profile, unitId: null, onboardingCompleted: false, onboardingStep: 'choose-unit' }))
    const { unmount } = renderRoute('/dashboard')
    const reminder = await screen.findByRole('region', { name: '¿Cuál es tu vivienda?' })
    expect(within(reminder).getByRole('link', { name: 'Elegir mi vivienda' })).toHaveAttribute('href', '/choose-unit')
    unmount()

    fakeApi.on('GET /api/v1/profile', () => json({ ...profile, unitId: 'unit-1', onboardingCompleted: true, onboardingStep: null }))
    renderRoute('/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: /Hola/ })).toBeInTheDocument()
    await waitFor(() => {
      expect(fakeApi.calls('GET /api/v1/profile').length).toBeGreaterThan(1)
    })
    expect(screen.queryByRole('region', { name: '¿Cuál es tu vivienda?' })).not.toBeInTheDocument()
  })
})
