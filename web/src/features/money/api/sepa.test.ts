import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { receiptStateText, type ReceiptDebit } from './sepa'

// How a receipt's state reads in the admin's list, 'Mis cuotas' and the remittances (issue #36).
describe('receiptStateText', () => {
  const t = i18n.t

  it("reads 'Compensado' for a paid receipt settled by a compensation, and 'Pagado' otherwise", () => {
    expect(receiptStateText(t, { status: 'paid', compensatedCents: 8125 })).toBe('Compensado')
    expect(receiptStateText(t, { status: 'paid', compensatedCents: 0 })).toBe('Pagado')
    expect(receiptStateText(t, { status: 'partial', compensatedCents: 0 })).toBe('Pagado en parte')
  })

  it('puts the return before the state, compensated or not', () => {
    const debit: ReceiptDebit = {
      remittanceId: 'r',
      sequenceType: 'FRST',
      collectedCents: 100,
      collectionDate: '2026-03-16',
      returnedOn: '2026-03-20',
      returnReason: 'MS02',
      returnChargeCents: 0,
    }
    expect(receiptStateText(t, { status: 'paid', compensatedCents: 100, debit })).toBe('Devuelto el 2026-03-20 · Compensado')
    expect(receiptStateText(t, { status: 'pending', debit })).toBe('Devuelto el 2026-03-20 · Pendiente')
  })

  it('is in Catalan and English too', async () => {
    await i18n.changeLanguage('ca')
    expect(receiptStateText(i18n.t, { status: 'paid', compensatedCents: 1 })).toBe('Compensat')
    await i18n.changeLanguage('en')
    expect(receiptStateText(i18n.t, { status: 'paid', compensatedCents: 1 })).toBe('Compensated')
  })
})
