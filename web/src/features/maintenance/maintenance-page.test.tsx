import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { renderRoute } from '@/test/render-route'
import type { MaintenanceItem } from './api/maintenance'

const lift: MaintenanceItem = {
  id: 'm-1',
  name: 'Revisión del ascensor',
  kind: 'inspection',
  provider: 'Ascensores Sur',
  periodMonths: 24,
  lastDone: '2024-10-01',
  nextDue: '2026-10-01',
  status: 'overdue',
  notes: null,
  history: [{ id: 'd-1', doneOn: '2024-10-01', note: 'Sin incidencias', doneByName: 'Ana García', createdAt: '2024-10-01T10:00:00Z' }],
}
const extinguishers: MaintenanceItem = {
  ...lift,
  id: 'm-2',
  name: 'Extintores',
  kind: 'contract',
  provider: null,
  periodMonths: 12,
  lastDone: '2026-01-15',
  nextDue: '2027-01-15',
  status: 'ok',
  history: null,
}

const signIn = (role: 'admin' | 'user') => fakeApi.signIn({ ...testUser, communityId: 'c-1', role })

beforeEach(() => {
  signIn('admin')
  fakeApi.on('GET /api/v1/maintenance', () => json({ today: '2026-11-29', items: [lift, extinguishers] }))
})

describe('maintenance page', () => {
  it('lists each item with its status, dates and history', async () => {
    renderRoute('/maintenance')

    const card = within(await screen.findByRole('article', { name: 'Revisión del ascensor' }))
    expect(card.getByText('Vencida')).toBeInTheDocument()
    expect(card.getByText('Inspección obligatoria · Cada 24 meses')).toBeInTheDocument()
    expect(card.getByText('Próxima: 01/10/2026')).toBeInTheDocument()
    expect(card.getByText('Empresa: Ascensores Sur')).toBeInTheDocument()
    expect(card.getByText('01/10/2024, por Ana García')).toBeInTheDocument()
    const other = within(screen.getByRole('article', { name: 'Extintores' }))
    expect(other.getByText('Al día')).toBeInTheDocument()
    expect(other.getByText('Aún no se ha marcado como realizado')).toBeInTheDocument()
  })

  it('gives a resident no controls to write', async () => {
    signIn('user')
    renderRoute('/maintenance')

    await screen.findByRole('article', { name: 'Revisión del ascensor' })
    expect(screen.queryByRole('button', { name: 'Añadir' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Marcar como realizado|Editar|Eliminar/ })).not.toBeInTheDocument()
  })

  it('says so when there is nothing yet', async () => {
    fakeApi.on('GET /api/v1/maintenance', () => json({ today: '2026-11-29', items: [] }))
    renderRoute('/maintenance')
    expect(await screen.findByText('Aún no hay mantenimientos registrados')).toBeInTheDocument()
  })

  it('shows the error with a retry', async () => {
    fakeApi.on('GET /api/v1/maintenance', () => problem(500, 'internal', 'Algo salió mal'))
    renderRoute('/maintenance')
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })

  it('checks the form before sending it, then sends it', async () => {
    fakeApi.on('POST /api/v1/maintenance', ({ body }) => json({ ...extinguishers, ...(body as object), id: 'm-3' }, 201))
    const { user } = renderRoute('/maintenance')
    await screen.findByRole('article', { name: 'Extintores' })

    await user.click(screen.getByRole('button', { name: 'Añadir' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Añadir mantenimiento' }))
    const period = dialog.getByLabelText(/Cada cuántos meses/)
    await user.clear(period)
    await user.type(period, '300')
    await user.click(dialog.getByRole('button', { name: 'Añadir' }))
    expect(dialog.getByText('Indica un nombre')).toBeInTheDocument()
    expect(dialog.getByText('Indica un número de meses entre 1 y 240')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/maintenance')).toHaveLength(0)

    await user.type(dialog.getByLabelText('Nombre'), 'Limpieza de depósitos')
    await user.selectOptions(dialog.getByLabelText('Tipo'), 'contract')
    await user.clear(period)
    await user.type(period, '6')
    await user.click(dialog.getByRole('button', { name: 'Añadir' }))

    expect(await screen.findByText('Mantenimiento añadido')).toBeInTheDocument()
    expect(fakeApi.calls('POST /api/v1/maintenance')[0]?.body).toEqual({
      name: 'Limpieza de depósitos',
      kind: 'contract',
      periodMonths: 6,
      lastDone: '2026-11-29',
    })
  })

  it('marks an item done on a day with a note', async () => {
    fakeApi.on('POST /api/v1/maintenance/{id}/done', () => json({ ...lift, status: 'ok' }))
    const { user } = renderRoute('/maintenance')
    const card = within(await screen.findByRole('article', { name: 'Revisión del ascensor' }))

    await user.click(card.getByRole('button', { name: 'Marcar como realizado' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Marcar como realizado' }))
    await user.type(dialog.getByLabelText(/Nota/), 'Cambio de cables')
    await user.click(dialog.getByRole('button', { name: 'Marcar como realizado' }))

    expect(await screen.findByText('Marcado como realizado')).toBeInTheDocument()
    const [call] = fakeApi.calls('POST /api/v1/maintenance/{id}/done')
    expect(call?.params).toEqual({ id: 'm-1' })
    expect(call?.body).toEqual({ doneOn: '2026-11-29', note: 'Cambio de cables' })
  })
})
