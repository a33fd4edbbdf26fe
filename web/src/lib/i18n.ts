import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, readAppSettings, type Language } from '@/lib/app-settings'
// The few sections the landing page and the loading spinner show, in the three languages (vite.config.ts
// cuts them out of the catalogues): the first screen paints without waiting for a catalogue.
import core from 'virtual:locale-core'

// The whole catalogue of one language is a chunk of its own, fetched when a screen past the landing page
// opens (the app shell's route waits for it) or the language changes; a person downloads only theirs.
const catalogues: Record<Language, () => Promise<{ default: object }>> = {
  es: () => import('@/locales/es.json'),
  ca: () => import('@/locales/ca.json'),
  en: () => import('@/locales/en.json'),
}

const loaded = new Map<Language, Promise<void>>()
// Once a screen needed a whole catalogue, a language switch loads the new one before it applies.
let wholeCatalogueNeeded = false

/** Fetches the language's whole catalogue once and adds it to i18next. */
function loadCatalogue(language: Language): Promise<void> {
  let done = loaded.get(language)
  if (!done) {
    done = catalogues[language]().then((module) => {
      i18n.addResourceBundle(language, 'translation', module.default, true, true)
    })
    // A failed fetch (offline, a deploy replaced the chunk) may be retried by the next call.
    done.catch(() => loaded.delete(language))
    loaded.set(language, done)
  }
  return done
}

/** Loads the whole catalogue of the current language (and of any language switched to from now on). */
export function loadWholeCatalogue(): Promise<void> {
  wholeCatalogueNeeded = true
  return loadCatalogue(currentLanguage())
}

/** Switches the app's language once its catalogue is there. */
export async function switchLanguage(language: Language): Promise<void> {
  if (wholeCatalogueNeeded) await loadCatalogue(language)
  await i18n.changeLanguage(language)
}

/** The app's language, which every API request asks the server to write its error messages in. */
export function currentLanguage(): Language {
  return LANGUAGES.find((l) => l === i18n.language) ?? 'es'
}

void i18n.use(initReactI18next).init({
  resources: {
    es: { translation: core.es },
    ca: { translation: core.ca },
    en: { translation: core.en },
  },
  // Start in the device's saved language so the first paint is already translated.
  lng: readAppSettings().language,
  fallbackLng: 'es',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // the core texts are bundled: translate on the first render
})

// <html lang> follows the language (there is no document when the build prerenders a page).
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language
  })
  document.documentElement.lang = i18n.language
}

export { i18n }
