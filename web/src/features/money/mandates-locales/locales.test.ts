import { describeCatalogueParity } from '@/test/catalogue-parity'
import ca from './ca.json'
import en from './en.json'
import es from './es.json'

// The mandates keep their texts out of the whole catalogue (mandates-texts.ts). Correct in Catalan as
// they are in Spanish: "Activa", "Revocada", "Caducada", "Caduca el", "Caducada el".
describeCatalogueParity(
  'the mandates texts',
  { es, ca, en },
  new Set([
    'sepaMandates.status.active',
    'sepaMandates.status.revoked',
    'sepaMandates.status.expired',
    'sepaMandates.fields.expiresOn',
    'sepaMandates.fields.expiredOn',
  ]),
)
