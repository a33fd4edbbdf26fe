import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { MandateCard } from './mandate-card'

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'user' })
  fakeApi.on('GET /api/v1/money/my-mandates', () =>
    json({
      units: [{ id: 'u-1', label: '1º A', coefficient: null, ownerName: 'Ana' }],
      mandates: [],
      creditorId: 'ES77000B85626240',
      addressRequiredIn: ['CH', 'GB'],
    }),
  )
  fakeApi.on('POST /api/v1/money/units/u-1/mandate', (req) => json(req.body, 201))
})

async function openForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MandateCard />
      <Toaster />
    </QueryClientProvider>,
  )
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Firmar la orden de domiciliación' }))
  await user.clear(screen.getByLabelText('Titular de la cuenta'))
  await user.type(screen.getByLabelText('Titular de la cuenta'), 'Ana Smith')
  return user
}

describe('the mandate form', () => {
  it('does not ask for the address for a bank in the EEA', async () => {
    const user = await openForm()
    await user.type(screen.getByLabelText('IBAN'), 'ES79 2100 0813 6101 2345 6789')
    expect(screen.queryByLabelText('Calle y número')).not.toBeInTheDocument()
    await user.click(screen.getByLabelText('He leído la orden y la firmo'))
    await user.click(screen.getByRole('button', { name: 'Firmar la orden de domiciliación' }))
    await expect
      .poll(() => fakeApi.calls('POST /api/v1/money/units/u-1/mandate')[0]?.body)
      .toEqual({ debtorName: 'Ana Smith', iban: 'ES79 2100 0813 6101 2345 6789', bic: '' })
  })

  it('asks for the address for a UK bank, with the IBAN’s country', async () => {
    const user = await openForm()
    await user.type(screen.getByLabelText('IBAN'), 'gb82 west 1234 5698 7654 32')
    expect(screen.getByText(/fuera del Espacio Económico Europeo/)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Calle y número'), '221B Baker Street')
    await user.type(screen.getByLabelText('Código postal'), 'NW1 6XE')
    await user.type(screen.getByLabelText('Población'), 'London')
    expect(screen.getByLabelText('País (código de dos letras, como GB o CH)')).toHaveValue('GB')
    await user.click(screen.getByLabelText('He leído la orden y la firmo'))
    await user.click(screen.getByRole('button', { name: 'Firmar la orden de domiciliación' }))
    await expect.poll(() => fakeApi.calls('POST /api/v1/money/units/u-1/mandate')[0]?.body).toEqual({
      debtorName: 'Ana Smith',
      iban: 'gb82 west 1234 5698 7654 32',
      bic: '',
      debtorAddress: { street: '221B Baker Street', postCode: 'NW1 6XE', town: 'London', country: 'GB' },
    })
  })
})
