import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import type { Mandate } from './api/sepa'
import { MandatesPanel } from './mandates-panel'

const base = {
  collections: 0,
  returns: 0,
  addressRequired: false,
  endedAt: null,
  endedByName: '',
  endReason: '',
  signedOn: '2026-03-02',
  lastCollectionOn: null,
  expiresOn: '2029-03-02',
  expired: false,
}

// In the API's order: active, paused, revoked, each by unit.
const mandates: Mandate[] = [
  { ...base, id: 'm-4', unitId: 'u-1', unitLabel: '1º A', reference: 'VEC-000004', debtorName: 'Ana Smith', iban: 'GB29 **** 6819',
    addressRequired: true, debtorAddress: { street: '221B Baker Street', postCode: 'NW1 6XE', town: 'London', country: 'GB' } },
  { ...base, id: 'm-1', unitId: 'u-2', unitLabel: '1º B', reference: 'VEC-000001', debtorName: 'Luis Pérez', iban: 'GB82 **** 5432',
    addressRequired: true },
  { ...base, id: 'm-2', unitId: 'u-3', unitLabel: '2º A', reference: 'VEC-000002', debtorName: 'Marta Ruiz', iban: 'ES79 **** 6789',
    status: 'paused', collections: 3, returns: 2, endedAt: Date.UTC(2026, 4, 20, 12) },
  { ...base, id: 'm-3', unitId: 'u-1', unitLabel: '1º A', reference: 'VEC-000003', debtorName: 'Ana Smith', iban: 'ES91 **** 1332',
    status: 'revoked', endedAt: Date.UTC(2026, 5, 1, 12), endedByName: 'Pilar Presidenta', endReason: 'Escrito del propietario del 30 de mayo' },
].map((m) => ({ status: 'active', ...m }) as Mandate)

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
})

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MandatesPanel />
      <Toaster />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

describe('the mandates panel', () => {
  it('lists every mandate as the API gives it, its account masked, the address and the PDF', async () => {
    fakeApi.on('GET /api/v1/money/mandates', () => json({ items: mandates }))
    renderPanel()
    const list = await screen.findByRole('list', { name: 'Órdenes de domiciliación' })
    expect(screen.getByRole('region', { name: 'Mandatos' })).toContainElement(list)
    expect(screen.getByRole('status')).toHaveTextContent('4 órdenes de domiciliación')
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['1º A · VEC-000004', '1º B · VEC-000001', '2º A · VEC-000002', '1º A · VEC-000003'])

    const uk = within(list).getByRole('listitem', { name: '1º A · VEC-000004' })
    expect(within(uk).getByRole('heading', { level: 3, name: '1º A · Ana Smith' })).toBeInTheDocument()
    expect(within(uk).getByText('Activa')).toBeInTheDocument()
    expect(within(uk).getByText('GB29 **** 6819')).toBeInTheDocument()
    expect(within(uk).getByText('02/03/2026')).toBeInTheDocument()
    expect(within(uk).getByText('Dirección del titular').nextElementSibling).toHaveTextContent('221B Baker Street, NW1 6XE London, GB')
    expect(within(uk).queryByText(/Falta la dirección del titular/)).not.toBeInTheDocument()
    expect(within(uk).getByRole('link', { name: 'Descargar la orden VEC-000004 (PDF)' })).toHaveAttribute(
      'href',
      '/api/v1/money/mandates/m-4/pdf',
    )

    // A UK account signed before addresses were asked for: a remittance would refuse it.
    const old = within(list).getByRole('listitem', { name: '1º B · VEC-000001' })
    expect(within(old).queryByText('Dirección del titular')).not.toBeInTheDocument()
    expect(within(old).getByText(/^Falta la dirección del titular/)).toBeInTheDocument()

    const paused = within(list).getByRole('listitem', { name: '2º A · VEC-000002' })
    expect(within(paused).getByText('Pausada por devoluciones')).toBeInTheDocument()
    expect(within(paused).getByText('Pausada el').nextElementSibling).toHaveTextContent('20/05/2026')
    expect(within(paused).getByText('Recibos remesados').nextElementSibling).toHaveTextContent('3')
    expect(within(paused).getByText('Devoluciones').nextElementSibling).toHaveTextContent('2')
    const revoked = within(list).getByRole('listitem', { name: '1º A · VEC-000003' })
    expect(within(revoked).getByText('Revocada el').nextElementSibling).toHaveTextContent('01/06/2026, por Pilar Presidenta')
    expect(within(revoked).getByText('Motivo').nextElementSibling).toHaveTextContent('Escrito del propietario del 30 de mayo')
    expect(within(revoked).queryByText('Caduca el')).not.toBeInTheDocument()
    expect(within(revoked).queryByRole('button', { name: /^Revocar/ })).not.toBeInTheDocument()
    expect(within(uk).getByText('Último cobro').nextElementSibling).toHaveTextContent('Ninguno')
    expect(within(uk).getByText('Caduca el').nextElementSibling).toHaveTextContent('02/03/2029')
    // Never more of an account than the API gives.
    expect(list.textContent).not.toMatch(/\d{4} \d{4}/)
  })

  it('filters by status, with the count of each', async () => {
    fakeApi.on('GET /api/v1/money/mandates', () => json({ items: mandates }))
    const user = renderPanel()
    const filter = await screen.findByLabelText('Estado')
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todas (4)',
      'Activas (2)',
      'Pausadas por devoluciones (1)',
      'Revocadas (1)',
      'Caducadas (0)',
    ])
    await user.selectOptions(filter, 'Pausadas por devoluciones (1)')
    expect(screen.getByRole('status')).toHaveTextContent('1 orden de domiciliación')
    const list = screen.getByRole('list', { name: 'Órdenes de domiciliación' })
    expect(within(list).getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['2º A · VEC-000002'])
    await user.selectOptions(filter, 'Activas (2)')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    await user.selectOptions(filter, 'Todas (4)')
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
  })

  it('marks a mandate unused for 36 months as expired, with why and its last collection', async () => {
    const expired = { ...mandates[2], status: 'active', collections: 3, returns: 0, lastCollectionOn: '2023-02-15', expiresOn: '2026-02-15',
      expired: true, endedAt: null } as Mandate
    fakeApi.on('GET /api/v1/money/mandates', () => json({ items: [mandates[0], expired] }))
    const user = renderPanel()
    const item = await screen.findByRole('listitem', { name: '2º A · VEC-000002' })
    expect(within(item).getByText('Activa')).toBeInTheDocument()
    expect(within(item).getByText('Caducada')).toBeInTheDocument()
    expect(within(item).getByText('Último cobro').nextElementSibling).toHaveTextContent('15/02/2023')
    expect(within(item).getByText('Caducada el').nextElementSibling).toHaveTextContent('15/02/2026')
    expect(within(item).getByText(/^Han pasado 36 meses sin ningún cobro con esta orden/)).toBeInTheDocument()
    const fresh = screen.getByRole('listitem', { name: '1º A · VEC-000004' })
    expect(within(fresh).queryByText('Caducada')).not.toBeInTheDocument()
    // The filter finds the expired ones.
    await user.selectOptions(screen.getByLabelText('Estado'), 'Caducadas (1)')
    const list = screen.getByRole('list', { name: 'Órdenes de domiciliación' })
    expect(within(list).getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual(['2º A · VEC-000002'])
  })

  it('revokes a mandate in force after asking why, naming the unit and the holder', async () => {
    let items = mandates
    fakeApi.on('GET /api/v1/money/mandates', () => json({ items }))
    fakeApi.on('POST /api/v1/money/mandates/{id}/revoke', (req) => {
      const m = mandates.find((x) => x.id === req.params.id) ?? mandates[0]
      const done = { ...m, status: 'revoked', endedAt: Date.UTC(2026, 6, 1, 12), endedByName: 'Ana García',
        endReason: (req.body as { reason: string }).reason } as Mandate
      items = mandates.map((x) => (x.id === done.id ? done : x))
      return json(done)
    })
    const user = renderPanel()
    const item = await screen.findByRole('listitem', { name: '2º A · VEC-000002' })
    await user.click(within(item).getByRole('button', { name: 'Revocar la orden VEC-000002 de 2º A' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Revocar la orden de domiciliación' })
    expect(dialog).toHaveAccessibleDescription(/^La orden VEC-000002 de 2º A, a nombre de Marta Ruiz, dejará de usarse/)
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo de la revocación' })
    expect(reason).toHaveFocus()
    expect(reason).toHaveAttribute('maxlength', '300')
    // Without a reason it does not ask the server.
    await user.click(within(dialog).getByRole('button', { name: 'Revocar la orden' }))
    expect(reason).toHaveAccessibleDescription(/^Escribe el motivo de la revocación\./)
    expect(reason).toBeInvalid()
    expect(fakeApi.requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    // Escape closes it without revoking; the button opens it again.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Revocar la orden VEC-000002 de 2º A' }))
    const again = screen.getByRole('alertdialog', { name: 'Revocar la orden de domiciliación' })
    await user.type(within(again).getByRole('textbox', { name: 'Motivo de la revocación' }), '  Aviso del banco: orden cancelada ')
    await user.click(within(again).getByRole('button', { name: 'Revocar la orden' }))
    expect(await screen.findByText('Orden VEC-000002 revocada')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    const posted = fakeApi.requests.filter((r) => r.method === 'POST')
    expect(posted.map((r) => [r.path, r.body])).toEqual([['/api/v1/money/mandates/m-2/revoke', { reason: 'Aviso del banco: orden cancelada' }]])
    const done = await screen.findByText('Aviso del banco: orden cancelada')
    const card = screen.getByRole('listitem', { name: '2º A · VEC-000002' })
    expect(card).toContainElement(done)
    expect(within(card).getByText('Revocada', { selector: 'span' })).toBeInTheDocument()
    expect(within(card).getByText('Revocada el').nextElementSibling).toHaveTextContent('01/07/2026, por Ana García')
    expect(within(card).queryByRole('button', { name: /^Revocar/ })).not.toBeInTheDocument()
  })

  it('shows the server’s refusal and keeps the dialog open', async () => {
    fakeApi.on('GET /api/v1/money/mandates', () => json({ items: mandates }))
    fakeApi.on('POST /api/v1/money/mandates/{id}/revoke', () => problem(409, 'conflict', 'La orden de domiciliación VEC-000004 ya está revocada'))
    const user = renderPanel()
    const item = await screen.findByRole('listitem', { name: '1º A · VEC-000004' })
    await user.click(within(item).getByRole('button', { name: 'Revocar la orden VEC-000004 de 1º A' }))
    const dialog = screen.getByRole('alertdialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo de la revocación' }), 'Escrito')
    await user.click(within(dialog).getByRole('button', { name: 'Revocar la orden' }))
    expect(await screen.findByText('La orden de domiciliación VEC-000004 ya está revocada')).toBeInTheDocument()
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
  })

  it('says so when no owner has signed a mandate', async () => {
    fakeApi.on('GET /api/v1/money/mandates', () => json({ items: [] }))
    renderPanel()
    expect(await screen.findByText(/^Ningún propietario ha firmado aún una orden de domiciliación/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Estado')).not.toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('shows the error and tries again', async () => {
    let calls = 0
    fakeApi.on('GET /api/v1/money/mandates', () => {
      calls++
      return calls === 1 ? problem(500, 'internal', 'Algo ha fallado') : json({ items: mandates.slice(0, 1) })
    })
    const user = renderPanel()
    expect(await screen.findByRole('alert')).toHaveTextContent('Algo ha fallado')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('listitem', { name: '1º A · VEC-000004' })).toBeInTheDocument()
  })
})
