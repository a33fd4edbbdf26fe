import { i18n } from '@/lib/i18n'
import ca from './mandates-locales/ca.json'
import en from './mandates-locales/en.json'
import es from './mandates-locales/es.json'

// The mandates' texts come with the chunks of 'Cuentas' and 'Mis cuotas', not with the whole catalogue
// that every first load brings (ADR 0050's way, for /dashboard's budget): importing this module adds
// them in the three languages. Their own top-level section, which loading the whole catalogue (a
// replacement of its sections) leaves alone.
for (const [language, texts] of [['es', es], ['ca', ca], ['en', en]] as const) {
  i18n.merge(language, texts)
}
