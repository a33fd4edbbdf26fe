import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi, json, testUser } from '@/test/fake-api'
import { SepaSettingsCard } from './sepa-settings-card'

const saved = {
  creditorId: 'ES77000B85626240',
  creditorIban: 'ES9121000418450200051332',
  creditorBic: '',
  sequencePolicy: 'frst_rcur',
  prenoticeDays: 14,
  returnsToPause: 2,
  chargeToOwner: true,
  fileVersion: 'pain.008.001.02',
}

beforeEach(() => {
  fakeApi.signIn({ ...testUser, communityId: 'c-1', role: 'admin' })
})

describe('the SEPA settings card', () => {
  it('saves the file version with the other settings', async () => {
    fakeApi.on('GET /api/v1/money/sepa-settings', () => json(saved))
    fakeApi.on('PUT /api/v1/money/sepa-settings', (req) => json(req.body))
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <SepaSettingsCard />
        <Toaster />
      </QueryClientProvider>,
    )
    const user = userEvent.setup()
    const version = await screen.findByLabelText('Versión del fichero SEPA')
    expect(version).toHaveValue('pain.008.001.02')
    expect(version).toHaveAccessibleDescription('Pregunta a tu banco cuál acepta. Las remesas ya preparadas no cambian.')
    await user.selectOptions(version, 'pain.008.001.08 (reglamento de 2019 y posteriores)')
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes SEPA' }))
    await expect.poll(() => fakeApi.calls('PUT /api/v1/money/sepa-settings')[0]?.body).toEqual({ ...saved, fileVersion: 'pain.008.001.08' })
  })
})
