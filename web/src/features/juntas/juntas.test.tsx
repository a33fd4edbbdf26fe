import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Attendance, Junta } from './api/juntas'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { FakeEventSource } from '@/test/fake-event-source'
import { renderRoute } from '@/test/render-route'



const member = { avatarUrl: null, role: 'user' as const }

function junta(overrides: Partial<Junta>): Junta {
  return {
    id: 'j-1',
    title: 'Junta ordinaria del 12/03/2027',
    kind: 'ordinaria',
    status: 'convocada',
    firstCall: '2027-03-12T17:00:00Z',
    secondCall: '2027-03-12T17:30:00Z',
    place: 'Portal',
    videoLink: '',
    onlineNote: null,
    convenedBy: 'president',
    promoters: [],
    presidentId: 'u-ana',
    presidentName: 'Ana Alonso',
    secretaryId: 'u-ben',
    secretaryName: 'Ben Bravo',
    convenedAt: '2027-03-01T10:00:00Z',
    heldCall: null,
    heldAt: null,
    points: [
      { id: 'pt-1', position: 1, title: 'Cuentas de 2026', description: '', agreement: true, majority: 'simple', pollId: 'p-1',
        documents: [{ id: 'd-1', title: 'Presupuesto de la fachada', downloadUrl: '/api/v1/documents/d-1/versions/v-1/file' }] },
      { id: 'pt-2', position: 2, title: 'Ruegos y preguntas', description: '', agreement: false, majority: null, pollId: null, documents: [] },
    ],
    convocatoria: 'Por decisión de el presidente se convoca junta ordinaria de propietarios.',
    debtors: [],
    isOwner: false,
    myAttendance: null,
    myProxy: null,
    canDelegate: false,
    actaText: null,
    actaDocumentId: null,
    actaNumber: null,
    signatures: [],
    canSign: [],
    canEditActa: false,
    canEdit: false,
    ...overrides,
  }
}

describe('juntas', () => {
  beforeEach(() => {
    fakeApi.on('GET /api/v1/community/members', () => json([]))
    fakeApi.on('PUT /api/v1/juntas/{id}/viewers/me', () => json({ viewers: [], beatSeconds: 20 }))
    fakeApi.on('DELETE /api/v1/juntas/{id}/viewers/me', () => new Response(null, { status: 204 }))
  })

  it('lists the juntas with their status and opens one', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
    fakeApi.on('GET /api/v1/juntas', () =>
      json({ items: [{ id: 'j-1', kind: 'ordinaria', status: 'convocada', firstCall: '2027-03-12T17:00:00Z', place: 'Portal', videoLink: '', points: 2 }] }),
    )
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(junta({})))
    renderRoute('/juntas')
    const list = await screen.findByRole('list', { name: 'Juntas de la comunidad' })
    const link = within(list).getByRole('link', { name: /Junta ordinaria/ })
    expect(within(link).getByText('Convocada')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Nueva junta' })).not.toBeInTheDocument()
    await userEvent.click(link)
    expect(await screen.findByRole('heading', { name: 'Junta ordinaria del 12/03/2027' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Orden del día' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('tab', { name: 'Asistencia' })).not.toBeInTheDocument()
    expect(screen.getByText('1. Cuentas de 2026')).toBeInTheDocument()
    const docs = screen.getByRole('list', { name: 'Documentos del punto 1' })
    expect(within(docs).getByRole('link', { name: 'Presupuesto de la fachada' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/v1/documents/d-1/versions/v-1/file'),
    )
  })

  it('shows the empty and error states', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    let fail = true
    fakeApi.on('GET /api/v1/juntas', () => (fail ? problem(500, 'internal', 'boom') : json({ items: [] })))
    renderRoute('/juntas')
    const alert = await screen.findByRole('alert')
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('Aún no hay juntas')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Nueva junta' })).toBeInTheDocument()
  })

  it('gives the secretary a live quorum and marks an owner represented by someone', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(junta({})))
    const ana = { userId: 'u-ana', name: 'Ana Alonso', units: ['1A'], cuota: '40', status: 'present' as const, representative: '', proxy: null }
    const ben = { userId: 'u-ben', name: 'Ben Bravo', units: ['1B', '2A'], cuota: '35', status: null, representative: '', proxy: null }
    let attendance: Attendance = {
      attendees: [ana, ben],
      ownerless: [{ label: '3A', cuota: '25' }],
      quorum: { owners: 3, ownersIn: 1, cuota: '100', cuotaIn: '40', met: false },
      begun: true,
      locked: false,
    }
    let sent: unknown
    fakeApi.on('GET /api/v1/juntas/{id}/attendance', () => json(attendance))
    fakeApi.on('PUT /api/v1/juntas/{id}/attendance/{ownerId}', (req) => {
      sent = req.body
      attendance = {
        ...attendance,
        attendees: [ana, { ...ben, status: 'represented', representative: 'Beatriz' }],
        quorum: { owners: 3, ownersIn: 2, cuota: '100', cuotaIn: '75', met: true },
      }
      return json(attendance)
    })
    renderRoute('/juntas/j-1?tab=asistencia')
    expect(await screen.findByText('Sin quórum en primera convocatoria (mayoría de propietarios que sume mayoría de cuotas)')).toBeInTheDocument()
    const row = screen.getByRole('group', { name: 'Asistencia de Ben Bravo' })
    await userEvent.click(within(row).getByRole('button', { name: 'Representado' }))
    await userEvent.type(screen.getByLabelText('Quién representa a Ben Bravo'), 'Beatriz')
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('Hay quórum en primera convocatoria')).toBeInTheDocument()
    expect(sent).toEqual({ status: 'represented', representative: 'Beatriz' })
    expect(screen.getByText('Propietarios presentes o representados: 2 de 3')).toBeInTheDocument()
  })

  it('lets the president sign the drafted acta and shows the hash of the signature', async () => {
    fakeApi.signIn({ ...testUser, id: 'u-ana', communityId: 'c-1', role: 'user' })
    let current = junta({ status: 'celebrada', actaText: 'En Portal, el 12/03/2027…', canSign: ['president'] })
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(current))
    fakeApi.on('POST /api/v1/juntas/{id}/acta/sign', () => {
      current = junta({
        status: 'celebrada',
        actaText: 'En Portal, el 12/03/2027…',
        signatures: [{ role: 'president', name: 'Ana Alonso', signedAt: '2027-03-13T10:00:00Z', sha256: 'ab'.repeat(32) }],
      })
      return json(current)
    })
    renderRoute('/juntas/j-1?tab=acta')
    expect(await screen.findByText('En Portal, el 12/03/2027…')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Firmar como presidente' }))
    expect(await screen.findByText(`SHA-256 ${'ab'.repeat(32)}`)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Firmar como presidente' })).not.toBeInTheDocument()
    expect(screen.getByText(/No es una firma electrónica cualificada/)).toBeInTheDocument()
  })

  it('lets an owner sign their proxy for the whole junta to someone by name and DNI, and withdraw it', async () => {
    fakeApi.signIn({ ...testUser, id: 'u-carla', communityId: 'c-1', role: 'user' })
    let current = junta({ isOwner: true, canDelegate: true })
    let sent: unknown
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(current))
    fakeApi.on('PUT /api/v1/juntas/{id}/proxy', (req) => {
      sent = req.body
      current = junta({
        isOwner: true,
        canDelegate: true,
        myProxy: {
          ownerId: 'u-carla',
          ownerName: 'Carla Cano',
          delegateUserId: null,
          delegateName: 'Luis Gil',
          delegateIdNumber: '12345678Z',
          documentId: null,
          paperUrl: null,
          status: 'signed',
          createdAt: '2027-03-02T10:00:00Z',
          checkedAt: null,
        },
      })
      return json(current)
    })
    fakeApi.on('DELETE /api/v1/juntas/{id}/proxy', () => {
      current = junta({ isOwner: true, canDelegate: true })
      return json(current)
    })
    renderRoute('/juntas/j-1?tab=convocatoria')
    const card = await screen.findByRole('region', { name: 'Tu representación en la junta' })
    await userEvent.click(within(card).getByRole('radio', { name: 'Otra persona' }))
    await userEvent.type(within(card).getByLabelText('Nombre y apellidos'), 'Luis Gil')
    await userEvent.type(within(card).getByLabelText('DNI o NIE'), '12345678Z')
    const sign = within(card).getByRole('button', { name: 'Firmar la delegación' })
    expect(sign).toBeDisabled()
    await userEvent.click(within(card).getByLabelText(/firmo esta delegación en la app/))
    await userEvent.click(sign)
    expect(await within(card).findByText(/Representación a Luis Gil \(12345678Z\) · firmada en la app/)).toBeInTheDocument()
    expect(sent).toEqual({ name: 'Luis Gil', idNumber: '12345678Z' })
    await userEvent.click(within(card).getByRole('button', { name: 'Retirar' }))
    expect(await within(card).findByRole('button', { name: 'Firmar la delegación' })).toBeInTheDocument()
  })

  it('lets an admin accept the signed paper an owner uploaded', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(junta({})))
    const paper = {
      ownerId: 'u-ben',
      ownerName: 'Ben Bravo',
      delegateUserId: 'u-dani',
      delegateName: 'Dani Díaz',
      delegateIdNumber: '',
      documentId: 'd-1',
      paperUrl: '/api/v1/documents/d-1/versions/v-1/file?inline=1',
      status: 'pending' as const,
      createdAt: '2027-03-02T10:00:00Z',
      checkedAt: null,
    }
    const ben = { userId: 'u-ben', name: 'Ben Bravo', units: ['1B'], cuota: '35', status: null, representative: '', proxy: paper }
    let attendance: Attendance = {
      attendees: [ben],
      ownerless: [],
      quorum: { owners: 1, ownersIn: 0, cuota: '35', cuotaIn: '0', met: false },
      begun: false,
      locked: false,
    }
    let sent: unknown
    fakeApi.on('GET /api/v1/juntas/{id}/attendance', () => json(attendance))
    fakeApi.on('POST /api/v1/juntas/{id}/proxies/{ownerId}/review', (req) => {
      sent = req.body
      attendance = { ...attendance, attendees: [{ ...ben, proxy: { ...paper, status: 'accepted' } }] }
      return json(attendance)
    })
    renderRoute('/juntas/j-1?tab=asistencia')
    expect(await screen.findByText(/Representación a Dani Díaz · papel firmado, pendiente de comprobar/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver el papel' })).toHaveAttribute('href', expect.stringContaining('/api/v1/documents/d-1/versions/v-1/file'))
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar el papel' }))
    expect(await screen.findByText(/papel firmado y comprobado/)).toBeInTheDocument()
    expect(sent).toEqual({ accept: true })
  })

  it('shows who else has the live panel open, and nobody once they leave', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(junta({})))
    fakeApi.on('GET /api/v1/juntas/{id}/attendance', () =>
      json({ attendees: [], ownerless: [], quorum: { owners: 0, ownersIn: 0, cuota: '0', cuotaIn: '0', met: false }, begun: true, locked: false }),
    )
    let beats = 0
    let viewers = [{ userId: 'u-ben', name: 'Ben Bravo', seenAt: '2027-03-12T17:00:00Z' }]
    fakeApi.on('PUT /api/v1/juntas/{id}/viewers/me', () => {
      beats++
      return json({ viewers, beatSeconds: 20 })
    })
    vi.stubGlobal('EventSource', FakeEventSource)
    renderRoute('/juntas/j-1?tab=asistencia')
    expect(await screen.findByText('También en este panel: Ben Bravo')).toBeInTheDocument()
    expect(beats).toBe(1)
    // Ben closes his panel: the stream's change of area 'juntas' refetches, which is this screen's beat.
    viewers = []
    const stream = FakeEventSource.current()
    expect(stream.url).toContain('/api/v1/stream')
    stream.emit('change', { area: 'juntas', id: 'j-1' })
    expect(await screen.findByText('Nadie más tiene abierto este panel.')).toBeInTheDocument()
    expect(beats).toBe(2)
  })

  it('shows a bounce in the proof of notice and lists the owner for a letter', async () => {
    fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(junta({})))
    fakeApi.on('GET /api/v1/juntas/{id}/notices', () =>
      json({
        notices: [
          {
            userId: 'u-ana',
            name: 'Ana Alonso',
            email: 'ana@example.es',
            queuedAt: '2027-03-01T10:00:00Z',
            sentAt: '2027-03-01T10:00:05Z',
            failedAt: null,
            bouncedAt: '2027-03-01T10:02:00Z',
            bounceStatus: '5.1.1',
            openedAt: null,
          },
        ],
        paper: [{ name: 'Ana Alonso', units: ['1A'], reason: 'bounced' }],
      }),
    )
    renderRoute('/juntas/j-1?tab=convocatoria')
    expect(await screen.findByText(/^Devuelto el .* \(5\.1\.1\): convocar por carta$/)).toBeInTheDocument()
    expect(screen.getByText(/Ana Alonso · 1A — email no entregado/)).toBeInTheDocument()
  })

  it('offers an owner every member but themselves to represent them', async () => {
    fakeApi.signIn({ ...testUser, id: 'u-carla', communityId: 'c-1', role: 'user' })
    fakeApi.on('GET /api/v1/community/members', () =>
      json([
        { ...member, id: 'u-carla', fullName: 'Carla Cano' },
        { ...member, id: 'u-dani', fullName: 'Dani Díaz' },
      ]),
    )
    fakeApi.on('GET /api/v1/juntas/{id}', () => json(junta({ isOwner: true, canDelegate: true })))
    renderRoute('/juntas/j-1?tab=convocatoria')
    const card = await screen.findByRole('region', { name: 'Tu representación en la junta' })
    const select = within(card).getByRole('combobox')
    await within(select).findByRole('option', { name: 'Dani Díaz' })
    expect(within(select).queryByRole('option', { name: 'Carla Cano' })).not.toBeInTheDocument()
  })
})
