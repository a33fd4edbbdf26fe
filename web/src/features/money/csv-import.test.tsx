import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi, json, problem, testUser } from '@/test/fake-api'
import { CsvImport } from './csv-import'

const csv = 'Fecha;Concepto;Importe;Saldo\n15/02/2027;RECIBO LUZ;-121,00;5.351,00\n10/02/2027;TRANSF OSCAR;137,50;5.472,00\n'

// jsdom's File has no arrayBuffer(): the one the browser gives, over the file's bytes.
function csvFile() {
  const file = new File([csv], 'feb.csv', { type: 'text/csv' })
  return Object.assign(file, { arrayBuffer: () => Promise.resolve(new TextEncoder().encode(csv).buffer) })
}

function renderImport() {
  const onDone = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <CsvImport accountId="acc-1" onDone={onDone} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { onDone, user: userEvent.setup() }
}

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
})

describe('the CSV statement import', () => {
  it('maps the columns, previews and imports the file', async () => {
    fakeApi.on('POST /api/v1/money/accounts/{id}/statements/csv/preview', () =>
      json({
        start: '2027-02-10',
        end: '2027-02-15',
        openingCents: 533450,
        closingCents: 535100,
        movements: [
          { line: 3, date: '2027-02-10', concept: 'TRANSF OSCAR', amountCents: 13750 },
          { line: 2, date: '2027-02-15', concept: 'RECIBO LUZ', amountCents: -12100 },
        ],
      }),
    )
    fakeApi.on('POST /api/v1/money/accounts/{id}/statements/csv', () =>
      json({ id: 's-1', fileName: 'feb.csv', start: '2027-02-10', end: '2027-02-15', openingCents: 533450, closingCents: 535100, movements: 2 }, 201),
    )
    const { onDone, user } = renderImport()
    await user.upload(screen.getByLabelText('Fichero CSV del banco'), csvFile())
    expect(await screen.findByLabelText('Primeras líneas del fichero')).toHaveTextContent('Fecha;Concepto;Importe;Saldo')
    fireEvent.change(screen.getByLabelText('Saldo'), { target: { value: '4' } })
    await user.click(screen.getByRole('button', { name: 'Vista previa' }))

    expect(await screen.findByText(/2 movimientos del 2027-02-10 al 2027-02-15/)).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Movimientos que se importarán' })).getAllByRole('listitem')).toHaveLength(2)
    const previewed = fakeApi.requests.find((r) => r.path.endsWith('/csv/preview'))
    expect(previewed?.body).toEqual({
      fileName: 'feb.csv',
      content: csv,
      mapping: { date: 1, concept: 2, amount: 3, balance: 4, headerRows: 1, decimalComma: true },
    })

    await user.click(screen.getByRole('button', { name: 'Importar' }))
    await expect.poll(() => onDone.mock.calls.length).toBe(1)
    expect(fakeApi.requests.filter((r) => r.path === '/api/v1/money/accounts/acc-1/statements/csv')).toHaveLength(1)
  })

  it('says why a file is refused', async () => {
    fakeApi.on('POST /api/v1/money/accounts/{id}/statements/csv/preview', () =>
      problem(422, 'invalid', 'La fecha de la línea 2 del CSV no es válida: «31/02/2027»'),
    )
    const { user } = renderImport()
    await user.upload(screen.getByLabelText('Fichero CSV del banco'), csvFile())
    await user.click(await screen.findByRole('button', { name: 'Vista previa' }))
    expect(await screen.findByText('La fecha de la línea 2 del CSV no es válida: «31/02/2027»')).toBeInTheDocument()
  })
})
