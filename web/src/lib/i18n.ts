import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, readAppSettings, type Language } from '@/lib/app-settings'
import ca from '@/locales/ca.json'
import en from '@/locales/en.json'
import es from '@/locales/es.json'

// Spanish is the source catalogue; `satisfies` makes tsc reject a translation that lacks one of its keys.
const resources = {
  es: { translation: es },
  ca: { translation: ca },
  en: { translation: en },
} satisfies Record<Language, { translation: typeof es }>

void i18n.use(initReactI18next).init({
  resources,
  // Start in the device's saved language so the first paint is already translated.
  lng: readAppSettings().language,
  fallbackLng: 'es',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // resources are bundled: translate on the first render
})

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language
})
document.documentElement.lang = i18n.language

export { i18n }
