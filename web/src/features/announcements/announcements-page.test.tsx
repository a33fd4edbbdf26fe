import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '@/lib/api/schema'
import { fakeApi, json, noContent, problem, testUser } from '@/test/fake-api'
import { FakeXhr } from '@/test/fake-xhr'
import { renderRoute } from '@/test/render-route'

type Announcement = components['schemas']['Announcement']

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()

function announcement(overrides: Partial<Announcement>): Announcement {
  return {
    id: 'a-1',
    title: 'Corte de agua el lunes',
    description: 'Se cortará el agua de 9:00 a 12:00 por obras en la acometida.',
    status: 'publicado',
    priority: 'normal',
    type: 'mantenimiento',
    isPinned: false,
    validUntil: null,
    imageUrl: null,
    documentUrl: null,
    audience: { kind: 'all', value: null },
    author: { id: 'admin-1', fullName: 'Marta Ruiz', avatarUrl: null },
    createdAt: minutesAgo(5),
    updatedAt: minutesAgo(5),
    deletedAt: null,
    reactions: { thumbs_up: 2, thumbs_down: 0, heart: 0, bell: 1 },
    myReaction: null,
    readCount: 3,
    total: 10,
    isRead: true,
    canEdit: false,
    ...overrides,
  }
}

/** The query strings of the requests to /api/v1/announcements (the fake API records paths only). */
let listQueries: URLSearchParams[] = []

function answerList(items: Announcement[]) {
  fakeApi.on('GET /api/v1/announcements', () => json({ items, nextCursor: null }))
}

beforeEach(() => {
  listQueries = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.pathname === '/api/v1/announcements' && request.method === 'GET') listQueries.push(url.searchParams)
    return fakeApi.fetch(request)
  })
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
})

afterEach(() => {
  vi.unstubAllGlobals() // fetch, and XMLHttpRequest where a test uploads
})

describe('announcements board', () => {
  it("shows the cards with their badges, author, relative time and read counter; no 'Nuevo' for residents", async () => {
    answerList([
      announcement({ id: 'a-1', isPinned: true, priority: 'critico', title: 'Junta extraordinaria', type: 'normativa', isRead: false }),
      announcement({ id: 'a-2', author: { id: null, fullName: '', avatarUrl: null } }),
    ])
    renderRoute('/announcements')

    expect(await screen.findByRole('heading', { level: 1, name: 'Tablón de anuncios' })).toBeInTheDocument()
    const pinned = await screen.findByRole('article', { name: 'Junta extraordinaria' })
    expect(within(pinned).getByRole('img', { name: 'Fijado' })).toBeInTheDocument()
    expect(within(pinned).getByText('Publicado')).toBeInTheDocument()
    expect(within(pinned).getByText('Normativa')).toBeInTheDocument()
    expect(within(pinned).getByText('Crítico')).toBeInTheDocument()
    expect(within(pinned).getByText('No leído')).toBeInTheDocument()
    expect(pinned).toHaveAttribute('data-unread', 'true')
    expect(within(pinned).getByText('Por Marta Ruiz')).toBeInTheDocument()
    expect(within(pinned).getByText('hace 5 minutos')).toBeInTheDocument()
    expect(within(pinned).getByText('Leído por 3 de 10 usuarios')).toBeInTheDocument()

    const read = screen.getByRole('article', { name: 'Corte de agua el lunes' })
    expect(within(read).queryByText('No leído')).not.toBeInTheDocument()
    expect(within(read).queryByRole('img', { name: 'Fijado' })).not.toBeInTheDocument()
    expect(within(read).getByText('Por Usuario eliminado')).toBeInTheDocument()

    expect(screen.queryByRole('button', { name: 'Nuevo' })).not.toBeInTheDocument()
  })

  it("offers 'Nuevo' to admins, with the spec's defaults, and creates the announcement", async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    answerList([])
    fakeApi.on('GET /api/v1/announcements/audiences', () => json({ buildings: [{ value: 'A', residents: 4 }] }))
    fakeApi.on('POST /api/v1/announcements', () => json(announcement({ title: 'Limpieza de cristales' }), 201))
    const { user } = renderRoute('/announcements')

    expect(await screen.findByText('No hay comunicados publicados')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Nuevo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo comunicado' })
    expect(within(dialog).getByLabelText('Prioridad')).toHaveValue('normal')
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('general')
    expect(within(dialog).getByRole('checkbox', { name: /Fijar en el tablón/ })).not.toBeChecked()
    expect(within(dialog).queryByLabelText('Estado')).not.toBeInTheDocument()
    const audience = within(dialog).getByLabelText('Destinatarios')
    expect(audience).toHaveValue('all')
    await screen.findByRole('option', { name: 'Portal A (4 residentes)' })

    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }))
    expect(await within(dialog).findByText('El título es obligatorio')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/announcements')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Título'), 'Limpieza de cristales')
    await user.selectOptions(audience, 'Portal A (4 residentes)')
    await user.click(within(dialog).getByRole('checkbox', { name: /Fijar en el tablón/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }))

    expect(await screen.findByText('Comunicado creado')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/announcements')[0]?.body).toEqual({
      title: 'Limpieza de cristales',
      description: '',
      status: 'publicado',
      priority: 'normal',
      type: 'general',
      isPinned: true,
      audience: { kind: 'building', value: 'A' },
    })
  })

  it('lets an admin upload the PDF, or type a link to one, refusing addresses the API would refuse', async () => {
    FakeXhr.install()
    const PDF = '/files/community-documents/0190a8f2-1111-7000-8000-000000000001/1735000000000.pdf'
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    answerList([])
    fakeApi.on('GET /api/v1/announcements/audiences', () => json({ buildings: [] }))
    fakeApi.on('POST /api/v1/announcements', () => json(announcement({ title: 'Acta de la junta' }), 201))
    const { user } = renderRoute('/announcements')
    await user.click(await screen.findByRole('button', { name: 'Nuevo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo comunicado' })
    await user.type(within(dialog).getByLabelText('Título'), 'Acta de la junta')

    // A typed link must be an http(s) URL.
    const link = within(dialog).getByLabelText(/^O un enlace a un PDF/)
    await user.type(link, 'javascript:alert(1)')
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }))
    expect(await within(dialog).findByText('La dirección del documento no es válida')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/announcements')).toHaveLength(0)

    // An uploaded PDF takes the link's place; publishing waits for the upload.
    const picker = within(dialog).getByLabelText(/^Documento PDF/)
    expect(picker).toHaveAttribute('accept', 'application/pdf')
    await user.upload(picker, new File(['%PDF-1.7'], 'acta-junta.pdf', { type: 'application/pdf' }))
    expect(FakeXhr.last().url).toBe('/api/v1/files/community-documents')
    expect(within(dialog).getByRole('button', { name: 'Publicar' })).toBeDisabled()
    await FakeXhr.last().answer(201, { key: PDF.slice('/files/'.length), url: PDF })

    expect(within(dialog).getByRole('link', { name: /acta-junta\.pdf/ })).toHaveAttribute('href', PDF)
    expect(within(dialog).queryByLabelText(/^O un enlace a un PDF/)).not.toBeInTheDocument()
    expect(within(dialog).queryByText('La dirección del documento no es válida')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }))

    expect(await screen.findByText('Comunicado creado')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/announcements')[0]?.body).toMatchObject({ title: 'Acta de la junta', documentUrl: PDF })
  })

  it('edits an uploaded PDF: removing it brings back the link, which may then be typed', async () => {
    FakeXhr.install()
    const PDF = '/files/community-documents/0190a8f2-1111-7000-8000-000000000001/1735000000000.pdf'
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    answerList([announcement({ canEdit: true, documentUrl: PDF })])
    fakeApi.on('GET /api/v1/announcements/audiences', () => json({ buildings: [] }))
    fakeApi.on('PATCH /api/v1/announcements/{id}', () => json(announcement({})))
    const { user } = renderRoute('/announcements')
    const card = await screen.findByRole('article', { name: 'Corte de agua el lunes' })
    await user.click(within(card).getByRole('button', { name: 'Corte de agua el lunes' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Editar' }))
    const form = await screen.findByRole('dialog', { name: 'Editar comunicado' })

    expect(within(form).getByRole('link', { name: /1735000000000\.pdf/ })).toHaveAttribute('href', PDF)
    expect(within(form).queryByLabelText(/^O un enlace a un PDF/)).not.toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Quitar documento' }))
    const link = within(form).getByLabelText(/^O un enlace a un PDF/)
    expect(link).toHaveValue('')
    await user.type(link, 'https://nube.example.es/acta.pdf')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByText('Comunicado actualizado')).toBeInTheDocument()
    expect(fakeApi.calls('PATCH /api/v1/announcements/{id}')[0]?.body).toMatchObject({ documentUrl: 'https://nube.example.es/acta.pdf' })
    expect(FakeXhr.all).toHaveLength(0)
  })

  it('toggles and replaces the reaction in the UI', async () => {
    answerList([announcement({})])
    let mine: string | null = null
    fakeApi.on('PUT /api/v1/announcements/{id}/reaction', ({ body }) => {
      const emoji = (body as { emoji: string }).emoji
      mine = mine === emoji ? null : emoji
      return json({
        myReaction: mine,
        reactions: { thumbs_up: 2 + (mine === 'thumbs_up' ? 1 : 0), thumbs_down: 0, heart: mine === 'heart' ? 1 : 0, bell: 1 },
      })
    })
    const { user } = renderRoute('/announcements')
    const card = await screen.findByRole('article', { name: 'Corte de agua el lunes' })

    await user.click(within(card).getByRole('button', { name: 'Me gusta: 2' }))
    expect(await within(card).findByRole('button', { name: 'Me gusta: 3' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(within(card).getByRole('button', { name: 'Me encanta: 0' }))
    expect(await within(card).findByRole('button', { name: 'Me encanta: 1' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(card).getByRole('button', { name: 'Me gusta: 2' })).toHaveAttribute('aria-pressed', 'false')

    await user.click(within(card).getByRole('button', { name: 'Me encanta: 1' }))
    expect(await within(card).findByRole('button', { name: 'Me encanta: 0' })).toHaveAttribute('aria-pressed', 'false')
    expect(fakeApi.calls('PUT /api/v1/announcements/{id}/reaction').map((c) => c.body)).toEqual([
      { emoji: 'thumbs_up' },
      { emoji: 'heart' },
      { emoji: 'heart' },
    ])
  })

  it("says 'Error al procesar la reacción' when the reaction fails", async () => {
    answerList([announcement({})])
    fakeApi.on('PUT /api/v1/announcements/{id}/reaction', () => problem(500, 'internal', 'boom'))
    const { user } = renderRoute('/announcements')
    const card = await screen.findByRole('article', { name: 'Corte de agua el lunes' })

    await user.click(within(card).getByRole('button', { name: 'Importante: 1' }))

    expect(await screen.findByText('Error al procesar la reacción')).toBeInTheDocument()
  })

  it("opening an unread announcement posts /read once and updates 'Leído por'", async () => {
    answerList([announcement({ isRead: false, imageUrl: '/files/incident-images/u/x.png', documentUrl: 'https://example.com/acta.pdf' })])
    fakeApi.on('POST /api/v1/announcements/{id}/read', () => json({ readCount: 4, total: 10 }))
    fakeApi.on('GET /api/v1/dashboard', () => json({}))
    const { user } = renderRoute('/announcements', { strict: true })
    const card = await screen.findByRole('article', { name: 'Corte de agua el lunes' })
    const title = within(card).getByRole('button', { name: 'Corte de agua el lunes' })

    // A double tap: both clicks land before React renders the dialog.
    act(() => {
      title.click()
      title.click()
    })

    const dialog = await screen.findByRole('dialog', { name: 'Corte de agua el lunes' })
    expect(await within(dialog).findByText('Leído por 4 de 10 usuarios')).toBeInTheDocument()
    expect(within(dialog).getByText('Marta Ruiz')).toBeInTheDocument()
    expect(within(dialog).getByText('Sin fecha límite')).toBeInTheDocument()
    const pdf = within(dialog).getByRole('link', { name: /Ver documento PDF/ })
    expect(pdf).toHaveAttribute('href', 'https://example.com/acta.pdf')
    expect(pdf).toHaveAttribute('target', '_blank')
    expect(pdf.getAttribute('rel')?.split(' ')).toContain('noopener')
    expect(within(dialog).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument()

    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(within(card).queryByText('No leído')).not.toBeInTheDocument()
    expect(within(card).getByText('Leído por 4 de 10 usuarios')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Corte de agua el lunes' }))
    await screen.findByRole('dialog', { name: 'Corte de agua el lunes' })
    expect(fakeApi.calls('POST /api/v1/announcements/{id}/read')).toHaveLength(1)
  })

  it('opens the image full screen from the detail', async () => {
    answerList([announcement({ imageUrl: '/files/incident-images/u/x.png' })])
    const { user } = renderRoute('/announcements')
    const card = await screen.findByRole('article', { name: 'Corte de agua el lunes' })
    await user.click(within(card).getByRole('button', { name: 'Corte de agua el lunes' }))

    await user.click(await screen.findByRole('button', { name: 'Ver la imagen a pantalla completa' }))

    const full = await screen.findByRole('dialog', { name: 'Imagen a pantalla completa' })
    expect(within(full).getByRole('img', { name: 'Imagen de «Corte de agua el lunes»' })).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/announcements/{id}/read')).toHaveLength(0)
  })

  it('builds the list query from the search and the filter drawer, and clears it', async () => {
    answerList([announcement({})])
    const { user } = renderRoute('/announcements')
    await screen.findByRole('article', { name: 'Corte de agua el lunes' })
    expect(listQueries.at(-1)?.toString()).toBe('')

    await user.click(screen.getByRole('button', { name: 'Filtros' }))
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' })
    expect(within(drawer).getByRole('checkbox', { name: 'Archivado' })).toBeDisabled()
    await user.click(within(drawer).getByRole('switch', { name: 'Mostrar archivados' }))
    await user.click(within(drawer).getByRole('checkbox', { name: 'Archivado' }))
    await user.click(within(drawer).getByRole('checkbox', { name: 'Publicado' }))
    await user.click(within(drawer).getByRole('checkbox', { name: 'Crítico' }))
    await user.click(within(drawer).getByRole('checkbox', { name: 'Mantenimiento' }))
    await user.click(within(drawer).getByRole('button', { name: 'Ver comunicados' }))
    await user.type(screen.getByRole('searchbox', { name: 'Buscar comunicados' }), 'agua')

    await waitFor(() => {
      expect(listQueries.at(-1)?.get('q')).toBe('agua')
    })
    const query = listQueries.at(-1)
    expect(query?.getAll('status')).toEqual(['archivado', 'publicado'])
    expect(query?.getAll('priority')).toEqual(['critico'])
    expect(query?.getAll('type')).toEqual(['mantenimiento'])
    expect(query?.get('includeArchived')).toBe('true')
    expect(screen.getByRole('button', { name: 'Filtros (5 activos)' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Filtros (5 activos)' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Filtros' })).getByRole('button', { name: 'Limpiar filtros' }))
    await waitFor(() => {
      expect(listQueries.at(-1)?.toString()).toBe('q=agua')
    })
  })

  it('lets an admin edit and delete from the detail, with the confirmation', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    answerList([announcement({ canEdit: true, validUntil: '2030-06-30T21:59:59Z', audience: { kind: 'owners', value: null } })])
    fakeApi.on('GET /api/v1/announcements/audiences', () => json({ buildings: [] }))
    fakeApi.on('PATCH /api/v1/announcements/{id}', () => json(announcement({ status: 'archivado' })))
    fakeApi.on('DELETE /api/v1/announcements/{id}', () => noContent())
    const { user } = renderRoute('/announcements')
    const card = await screen.findByRole('article', { name: 'Corte de agua el lunes' })

    await user.click(within(card).getByRole('button', { name: 'Corte de agua el lunes' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Editar' }))
    const form = await screen.findByRole('dialog', { name: 'Editar comunicado' })
    expect(within(form).getByLabelText('Título')).toHaveValue('Corte de agua el lunes')
    expect(within(form).getByLabelText('Destinatarios')).toHaveValue('owners')
    await user.selectOptions(within(form).getByLabelText('Estado'), 'Archivado')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByText('Comunicado actualizado')).toBeInTheDocument()
    const patch = fakeApi.calls('PATCH /api/v1/announcements/{id}')[0]?.body as Record<string, unknown>
    expect(patch).toMatchObject({ status: 'archivado', audience: { kind: 'owners' }, imageUrl: '', documentUrl: '' })
    expect(patch).not.toHaveProperty('validUntil')

    await user.click(within(card).getByRole('button', { name: 'Corte de agua el lunes' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }))
    const confirm = await screen.findByRole('alertdialog', { name: '¿Eliminar comunicado?' })
    expect(
      within(confirm).getByText('Esta acción no se puede deshacer. El comunicado se marcará como eliminado.'),
    ).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }))

    expect(await screen.findByText('Comunicado eliminado')).toBeInTheDocument()
    expect(fakeApi.calls('DELETE /api/v1/announcements/{id}')).toHaveLength(1)
  })

  it("says 'Error al cargar los comunicados' when the board fails, and that a user without community has none", async () => {
    fakeApi.on('GET /api/v1/announcements', () => problem(500, 'internal', 'boom'))
    const { unmount } = renderRoute('/announcements')
    expect(await screen.findByText('Error al cargar los comunicados')).toBeInTheDocument()
    unmount()

    fakeApi.signIn({ ...testUser, role: 'user' })
    renderRoute('/announcements')
    expect(await screen.findByText('No perteneces a ninguna comunidad')).toBeInTheDocument()
  })
})
