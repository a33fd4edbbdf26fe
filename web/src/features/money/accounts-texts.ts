import { i18n } from '@/lib/i18n'
import ca from './accounts-locales/ca.json'
import en from './accounts-locales/en.json'
import es from './accounts-locales/es.json'

// The year's accounts' texts come with the screen's chunk, not with the whole catalogue that every first
// load brings (ADR 0050): importing this module adds them in the three languages.
for (const [language, texts] of [['es', es], ['ca', ca], ['en', en]] as const) {
  i18n.merge(language, texts)
}
