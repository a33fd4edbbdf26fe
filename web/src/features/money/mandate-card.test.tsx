import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi, json, testUser } from '@/test/fake-api'
import type { Mandate } from './api/sepa'
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

const mandate: Mandate = {
  id: 'm-1', unitId: 'u-1', unitLabel: '1º A', reference: 'VEC-000001', debtorName: 'Ana Smith', iban: 'ES79 **** 6789',
  addressRequired: false, signedOn: '2026-03-02', status: 'active', endedAt: null, endedByName: '', endReason: '', collections: 2,
  returns: 0, lastCollectionOn: '2026-04-16', expiresOn: '2029-04-16', expired: false,
}

function renderCard(mandates: Mandate[]) {
  fakeApi.on('GET /api/v1/money/my-mandates', () =>
    json({ units: [{ id: 'u-1', label: '1º A', coefficient: null, ownerName: 'Ana' }], mandates, creditorId: 'ES77000B85626240', addressRequiredIn: [] }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MandateCard />
    </QueryClientProvider>,
  )
}

describe('my mandate', () => {
  it('says who revoked it, when and why, and offers to sign a new one', async () => {
    renderCard([{ ...mandate, status: 'revoked', endedAt: Date.UTC(2026, 6, 1, 12), endedByName: 'Pilar Presidenta', endReason: 'Aviso del banco' }])
    expect(await screen.findByText('Pilar Presidenta revocó tu orden VEC-000001 el 01/07/2026.')).toBeInTheDocument()
    expect(screen.getByText('Motivo: Aviso del banco')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Firmar la orden de domiciliación' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Revocar la orden' })).not.toBeInTheDocument()
  })

  it('says an expired mandate is no longer used, and offers a new one', async () => {
    renderCard([{ ...mandate, expired: true, expiresOn: '2026-02-15', lastCollectionOn: '2023-02-15' }])
    expect(await screen.findByText('Caducada')).toBeInTheDocument()
    expect(screen.getByText(/^Caducada el 15\/02\/2026: han pasado 36 meses sin ningún cobro/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Firmar una orden nueva' })).toBeInTheDocument()
  })
})
