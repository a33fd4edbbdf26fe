import { screen, within } from '@testing-library/react'
import { addDays, format } from 'date-fns'
import { beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/lib/api/schema'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'

type WallPost = components['schemas']['WallPost']

function post(overrides: Partial<WallPost>): WallPost {
  return {
    id: 'w-1',
    authorId: 'user-2',
    authorName: 'Luis Pérez',
    authorAvatarUrl: null,
    kind: 'discussion',
    body: 'Hola, vecinos',
    imageUrl: null,
    eventId: null,
    eventTitle: '',
    eventStartAt: null,
    pollId: null,
    hidden: false,
    likes: 0,
    comments: 0,
    reports: 0,
    likedByMe: false,
    reportedByMe: false,
    canEdit: false,
    canDelete: false,
    createdAt: '2030-01-01T10:00:00Z',
    editedAt: null,
    ...overrides,
  }
}

const inAWeek = addDays(new Date(), 7)

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
  fakeApi.on('GET /api/v1/wall', () => json({ items: [], nextCursor: null }))
})

const posted = () => fakeApi.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/wall')

describe('the composer', () => {
  it("'Votación' opens a consulta with the composer's text and posts it", async () => {
    fakeApi.on('POST /api/v1/wall', () => json(post({ id: 'w-2', kind: 'question', pollId: 'p-1' }), 201))
    const { user } = renderRoute('/wall')
    await screen.findByText('Todavía no hay publicaciones. ¡Escribe la primera!')

    await user.type(screen.getByLabelText('Texto de la publicación'), '¿Os viene bien?')
    await user.click(screen.getByRole('button', { name: 'Votación' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva consulta' }))
    // A week ahead at 20:00 unless changed.
    expect(dialog.getByLabelText('Cierra el día')).toHaveValue(format(inAWeek, 'yyyy-MM-dd'))
    expect(dialog.getByLabelText('Hora de cierre')).toHaveValue('20:00')

    // Two different answers at least, checked before anything is sent.
    await user.type(dialog.getByLabelText('Pregunta'), '¿Qué día hacemos la fiesta?')
    await user.type(dialog.getByLabelText('Opción 1'), 'Sábado')
    await user.type(dialog.getByLabelText('Opción 2'), 'sábado')
    await user.click(dialog.getByRole('button', { name: 'Publicar consulta' }))
    expect(await dialog.findByText('Escribe al menos dos opciones distintas')).toBeInTheDocument()
    expect(posted()).toHaveLength(0)

    await user.clear(dialog.getByLabelText('Opción 2'))
    await user.type(dialog.getByLabelText('Opción 2'), 'Domingo')
    await user.click(dialog.getByRole('button', { name: 'Añadir opción' }))
    await user.type(dialog.getByLabelText('Opción 3'), 'Ninguno')
    await user.click(dialog.getByRole('button', { name: 'Quitar la opción 3' }))
    await user.click(dialog.getByRole('button', { name: 'Publicar consulta' }))

    await screen.findByText('Consulta publicada')
    const [sent] = posted()
    const closes = new Date(inAWeek)
    closes.setHours(20, 0, 0, 0)
    expect(sent?.body).toEqual({
      kind: 'question',
      body: '¿Os viene bien?',
      poll: { title: '¿Qué día hacemos la fiesta?', options: ['Sábado', 'Domingo'], closesAt: closes.toISOString() },
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Texto de la publicación')).toHaveValue('')
  }, 30_000)

  it('says why the server refused the consulta, in Spanish', async () => {
    fakeApi.on('POST /api/v1/wall', () =>
      problem(409, 'conflict', 'Ya tienes 3 consultas abiertas: espera a que cierre alguna para abrir otra'),
    )
    const { user } = renderRoute('/wall')
    await user.click(await screen.findByRole('button', { name: 'Votación' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nueva consulta' }))
    await user.type(dialog.getByLabelText('Pregunta'), '¿Pintamos?')
    await user.type(dialog.getByLabelText('Opción 1'), 'Sí')
    await user.type(dialog.getByLabelText('Opción 2'), 'No')
    await user.click(dialog.getByRole('button', { name: 'Publicar consulta' }))

    expect(await screen.findByText('Ya tienes 3 consultas abiertas: espera a que cierre alguna para abrir otra')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Nueva consulta' })).toBeInTheDocument()
  }, 20_000)

  it("'Evento' creates a real event with the calendar's form and the post links it", async () => {
    fakeApi.on('POST /api/v1/events', ({ body }) =>
      json({ id: 'e-1', title: (body as { title: string }).title, startAt: (body as { startAt: string }).startAt, endAt: null,
        description: null, location: null, status: 'scheduled', createdBy: 'user-1', createdByName: 'Ana García',
        createdAt: '2030-01-01T10:00:00Z', updatedAt: '2030-01-01T10:00:00Z', deletedAt: null, canEdit: true }, 201),
    )
    fakeApi.on('POST /api/v1/wall', () => json(post({ id: 'w-3', kind: 'event', eventId: 'e-1' }), 201))
    const { user } = renderRoute('/wall')
    const attach = within(await screen.findByRole('group', { name: 'Añadir a la publicación' }))
    await user.click(attach.getByRole('button', { name: 'Evento' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nuevo Evento' }))
    await user.type(dialog.getByLabelText('Título'), 'Barbacoa')
    await user.type(dialog.getByLabelText('Ubicación (opcional)'), 'Terraza')
    await user.type(dialog.getByLabelText('Hora de inicio'), '19:00')
    await user.click(dialog.getByRole('button', { name: 'Crear Evento' }))

    expect(await screen.findByText('Evento: Barbacoa')).toBeInTheDocument()
    const kinds = within(screen.getByRole('group', { name: 'Tipo de publicación' }))
    expect(kinds.getByRole('button', { name: 'Evento', pressed: true })).toBeInTheDocument()
    expect(screen.getByLabelText('Texto de la publicación')).toHaveValue('Barbacoa')
    await user.click(screen.getByRole('button', { name: 'Publicar' }))

    await screen.findByText('Publicado')
    expect(posted()[0]?.body).toEqual({ kind: 'event', body: 'Barbacoa', eventId: 'e-1' })
    const event = fakeApi.requests.find((r) => r.path === '/api/v1/events')
    expect(event?.body).toMatchObject({ title: 'Barbacoa', location: 'Terraza' })
  }, 20_000)
})

describe('a post with a consulta or an event', () => {
  it('shows the question, the answers, the voters and the way to Votaciones', async () => {
    fakeApi.on('GET /api/v1/wall', () =>
      json({
        items: [
          post({
            kind: 'question',
            body: 'Decidamos juntos',
            pollId: 'p-1',
            poll: { title: '¿Qué día?', status: 'open', closesAt: inAWeek.toISOString(), options: ['Sábado', 'Domingo'], voters: 1 },
          }),
          post({
            id: 'w-2',
            pollId: 'p-2',
            poll: { title: '¿Color del portal?', status: 'closed', closesAt: '2030-01-01T10:00:00Z', options: ['Blanco'], voters: 3 },
          }),
          post({ id: 'w-3', kind: 'event', eventId: 'e-1', eventTitle: 'Barbacoa', eventStartAt: '2030-06-01T18:00:00Z' }),
        ],
        nextCursor: null,
      }),
    )
    renderRoute('/wall')

    const open = within(await screen.findByRole('region', { name: '¿Qué día?' }))
    expect(open.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sábado', 'Domingo'])
    expect(open.getByText(/^1 voto · Cierra el/)).toBeInTheDocument()
    expect(open.getByRole('link', { name: 'Votar en Votaciones' })).toHaveAttribute('href', '/voting?poll=p-1')
    const closed = within(screen.getByRole('region', { name: '¿Color del portal?' }))
    expect(closed.getByText('3 votos · Cerrada')).toBeInTheDocument()
    expect(closed.getByRole('link', { name: 'Ver en Votaciones' })).toHaveAttribute('href', '/voting?poll=p-2')
    // An event post links the calendar.
    expect(screen.getByRole('link', { name: /^Barbacoa · / })).toHaveAttribute('href', '/events')
  })
})
