import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, readAppSettings, type Language } from '@/lib/app-settings'
// The few sections the landing page and the loading spinner show, in the three languages (vite.config.ts
// cuts them out of the catalogues): the first screen paints without waiting for a catalogue.
import core from 'virtual:locale-core'

// The whole catalogue of one language is a chunk of its own, fetched when a screen past the landing page
// opens (the app shell's route waits for it) or the language changes; a person downloads only theirs.
// Each comes as the file's text for JSON.parse: V8 parses JSON faster than the object literals a JSON import
// compiles to, and a catalogue is 70 KB.
const catalogues: Record<Language, () => Promise<{ default: string }>> = {
  es: () => import('@/locales/es.json?raw'),
  ca: () => import('@/locales/ca.json?raw'),
  en: () => import('@/locales/en.json?raw'),
}

const loaded = new Map<Language, Promise<void>>()
// Once a screen needed a whole catalogue, a language switch loads the new one before it applies.
let wholeCatalogueNeeded = false

/** Fetches the language's whole catalogue once and adds it to i18next. */
function loadCatalogue(language: Language): Promise<void> {
  let done = loaded.get(language)
  if (!done) {
    done = catalogues[language]().then((module) => {
      // The whole catalogue holds the core sections too, so its top-level sections simply replace them:
      // no deep merge, and no deep copy (i18next's default), of 70 KB that was a 60 ms task at 4x CPU.
      const catalogue = JSON.parse(module.default) as object
      i18n.addResourceBundle(language, 'translation', catalogue, false, true, { silent: false, skipCopy: true })
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

/** The language of a switch under way: a slower earlier switch must not win over it. */
let switchingTo: Language | undefined

/** Switches the app's language once its catalogue is there. */
export async function switchLanguage(language: Language): Promise<void> {
  // i18next announces a "change" to the language it already has too, and every translated component then
  // renders again: on a prerendered page that was a second, synchronous render of the whole form.
  if (language === (switchingTo ?? i18n.language)) return
  switchingTo = language
  try {
    if (wholeCatalogueNeeded) await loadCatalogue(language)
    if (switchingTo === language) await i18n.changeLanguage(language)
  } finally {
    if (switchingTo === language) switchingTo = undefined
  }
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
