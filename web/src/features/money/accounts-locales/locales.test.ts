import { describeCatalogueParity } from '@/test/catalogue-parity'
import ca from './ca.json'
import en from './en.json'
import es from './es.json'

// The year's accounts keep their texts out of the whole catalogue (ADR 0050).
describeCatalogueParity(
  'the year accounts texts',
  { es, ca, en },
  new Set(['yearAccounts.actual', 'yearAccounts.month', 'yearAccounts.balance', 'yearAccounts.lineLabel']),
)
