import 'i18next'
import type es from '@/locales/es.json'

// Types translation keys from the Spanish source, so t('a.missing.key') fails to compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof es }
  }
}
