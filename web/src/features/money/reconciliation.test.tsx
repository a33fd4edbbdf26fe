import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import type { BankAccount } from './api/books'
import { Reconciliation } from './reconciliation'

const account: BankAccount = {
  id: 'acc-1',
  name: 'Banco Sabadell',
  kind: 'bank',
  iban: 'ES9121000418450200051332',
  bank: 'Sabadell',
  openingCents: 500000,
  openingDate: '2026-01-01',
  paidCents: 0,
  balanceCents: 500000,
}

const movement = {
  commonConcept: '02',
  document: '',
  reference1: '',
  reference2: '',
  valueDate: '2026-02-10',
}

function reconciliation() {
  return {
    bookCents: 500000,
    bankCents: 527500,
    differenceCents: 27500,
    items: [
      {
        ...movement,
        id: 'm-1',
        date: '2026-02-10',
        concept: 'TRANSF OSCAR PROPIETARIO',
        amountCents: 13750,
        suggestions: [
          { kind: 'receipt', targetId: 'r-1', label: 'Recibo 2026/000001 · 1º A · Óscar Propietario', amountCents: 13750, score: 80, reasons: ['nombre', 'importe'] },
          { kind: 'receipt', targetId: 'r-2', label: 'Recibo 2026/000002 · 2º A · Óscar Propietario', amountCents: 13750, score: 80, reasons: ['nombre', 'importe'] },
        ],
      },
      { ...movement, id: 'm-2', date: '2026-02-11', concept: 'COMISION', amountCents: -500, suggestions: [] },
      {
        ...movement,
        id: 'm-3',
        date: '2026-02-12',
        concept: 'ABONO REMESA',
        amountCents: 13750,
        match: { kind: 'remittance', targetId: 'rem-1' },
        suggestions: null,
      },
    ],
  }
}

function renderReconciliation() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <Reconciliation account={account} />
      <Toaster />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
  fakeApi.on('GET /api/v1/money/accounts/{id}/reconciliation', () => json(reconciliation()))
})

describe('the reconciliation screen', () => {
  it('shows the balances and lists every suggestion, and reconciles the one the admin chooses', async () => {
    fakeApi.on('POST /api/v1/money/movements/{id}/reconcile', () => json({ ...movement, id: 'm-1', date: '2026-02-10', concept: '', amountCents: 13750 }))
    const user = renderReconciliation()

    expect(await screen.findByText('Saldo contable 5.000,00 € · saldo del banco 5.275,00 € · diferencia 275,00 €')).toBeInTheDocument()
    const list = screen.getByRole('list', { name: /Banco Sabadell/ })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement]
    const choices = within(first).getAllByRole('radio')
    expect(choices).toHaveLength(2)
    expect(choices[0]).toBeChecked()
    expect(within(first).getByRole('group', { name: /TRANSF OSCAR PROPIETARIO/ })).toBeInTheDocument()
    expect(within(second).getByText('Sin sugerencias')).toBeInTheDocument()
    expect(within(third).getByText('Conciliado')).toBeInTheDocument()
    expect(within(third).queryByRole('button')).toBeNull()

    await user.click(within(first).getByRole('radio', { name: /2026\/000002/ }))
    await user.click(within(first).getByRole('button', { name: 'Conciliar' }))
    await expect.poll(() => fakeApi.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    const sent = fakeApi.requests.find((r) => r.method === 'POST')
    expect(sent?.path).toBe('/api/v1/money/movements/m-1/reconcile')
    expect(sent?.body).toEqual({ kind: 'receipt', targetId: 'r-2' })
  })

  it("confirms a charge-back with the returned receipts it names, and says when a movement was a return's", async () => {
    fakeApi.on('GET /api/v1/money/accounts/{id}/reconciliation', () =>
      json({
        bookCents: 513750,
        bankCents: 500000,
        differenceCents: -13750,
        items: [
          {
            ...movement,
            id: 'm-4',
            date: '2026-02-25',
            concept: 'DEVOLUCION RECIBO 2026/000001',
            amountCents: -14100,
            suggestions: [
              {
                kind: 'return',
                targetId: 'rem-1',
                receiptIds: ['r-1'],
                label: 'Devolución del recibo 2026/000001 · 1º A · remesa 1',
                amountCents: 13750,
                score: 140,
                reasons: ['número', 'importe', 'gastos'],
              },
            ],
          },
          {
            ...movement,
            id: 'm-5',
            date: '2026-02-26',
            concept: 'DEVOLUCIONES REMESA',
            amountCents: -27500,
            match: { kind: 'return', targetId: 'rem-2', receiptIds: ['r-3', 'r-4'] },
            suggestions: null,
          },
        ],
      }),
    )
    fakeApi.on('POST /api/v1/money/movements/{id}/reconcile', () => json({ ...movement, id: 'm-4', date: '2026-02-25', concept: '', amountCents: -14100 }))
    const user = renderReconciliation()
    const list = await screen.findByRole('list', { name: /Banco Sabadell/ })
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(within(second).getByText('Conciliado con las devoluciones de una remesa')).toBeInTheDocument()
    expect(within(first).getByRole('radio', { name: 'Devolución del recibo 2026/000001 · 1º A · remesa 1 · 137,50 €' })).toBeChecked()
    await user.click(within(first).getByRole('button', { name: 'Conciliar' }))
    await expect.poll(() => fakeApi.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(fakeApi.requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'return', targetId: 'rem-1', receiptIds: ['r-1'] })
  })

  it('says why the server refuses a match', async () => {
    fakeApi.on('POST /api/v1/money/movements/{id}/reconcile', () =>
      problem(422, 'invalid', 'El abono (137,50 €) no es el total de la remesa 7 (275,00 €)'),
    )
    const user = renderReconciliation()
    const list = await screen.findByRole('list', { name: /Banco Sabadell/ })
    const [first] = within(list).getAllByRole('listitem') as [HTMLElement]
    await user.click(within(first).getByRole('button', { name: 'Conciliar' }))
    expect(await screen.findByText('El abono (137,50 €) no es el total de la remesa 7 (275,00 €)')).toBeInTheDocument()
  })
})
