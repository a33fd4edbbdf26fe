import {
  cloneElement,
  createElement,
  Fragment,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react'
import { LANGUAGES, readAppSettings, type Language } from '@/lib/app-settings'
import { interpolate, Translator, type Texts, type TFunction, type TOptions, type TranslationKey } from '@/lib/translator'
import type { GuestPart } from '@/locales/sections'
// The few sections the landing page and the loading spinner show, in the three languages (vite.config.ts
// cuts them out of the catalogues): the first screen paints without waiting for a catalogue.
import core from 'virtual:locale-core'

// The whole catalogue of one language is a chunk of its own, fetched when a screen past the guest screens
// opens (the member shell's route waits for it) or the language changes; a person downloads only theirs.
// The guest screens (sign-in, registration, the email and password pages) wait for a chunk of the sections
// they show instead, a fifth of it (src/locales/sections.ts). Each comes as the file's text for JSON.parse:
// V8 parses JSON faster than the object literals a JSON import compiles to, and a catalogue is 70 KB.
type Part = GuestPart | 'whole'
const catalogues: Record<Part, Record<Language, () => Promise<{ default: string }>>> = {
  guest: {
    es: () => import('@/locales/es.json?guest'),
    ca: () => import('@/locales/ca.json?guest'),
    en: () => import('@/locales/en.json?guest'),
  },
  // Each sign-in screen's own part of the guest sections, smaller still (issue #39).
  login: {
    es: () => import('@/locales/es.json?login'),
    ca: () => import('@/locales/ca.json?login'),
    en: () => import('@/locales/en.json?login'),
  },
  register: {
    es: () => import('@/locales/es.json?register'),
    ca: () => import('@/locales/ca.json?register'),
    en: () => import('@/locales/en.json?register'),
  },
  'register-later': {
    es: () => import('@/locales/es.json?register-later'),
    ca: () => import('@/locales/ca.json?register-later'),
    en: () => import('@/locales/en.json?register-later'),
  },
  whole: {
    es: () => import('@/locales/es.json?raw'),
    ca: () => import('@/locales/ca.json?raw'),
    en: () => import('@/locales/en.json?raw'),
  },
}

const loaded = new Map<string, Promise<void>>()
// Once a screen needed parts of the catalogues, a language switch loads them in the new language before it
// applies: the whole catalogue once one screen needed it, else the guest parts the screens needed.
const partsNeeded = new Set<Part>()

/** The app's texts: the core sections from the start, in the device's saved language. */
const i18n = new Translator(readAppSettings().language, 'es')
for (const language of LANGUAGES) i18n.add(language, core[language])

/** Fetches a part of the language's catalogue once and adds it. */
function loadCatalogue(part: Part, language: Language): Promise<void> {
  const key = `${part}:${language}`
  let done = loaded.get(key)
  if (!done) {
    done = catalogues[part][language]().then((module) => {
      const texts = JSON.parse(module.default) as Texts
      // The whole catalogue holds the core's sections and the guest's: its top-level sections simply
      // replace theirs, with no deep merge, and no deep copy, of 70 KB (that was a 60 ms task at 4x CPU).
      // The guest parts, a few kB, add up section by section (auth.login, auth.register).
      if (part === 'whole') i18n.add(language, texts)
      else i18n.merge(language, texts)
    })
    // A failed fetch (offline, a deploy replaced the chunk) may be retried by the next call.
    done.catch(() => loaded.delete(key))
    loaded.set(key, done)
  }
  return done
}

/** Loads the parts a language switch must load first: the whole catalogue, or the guest parts needed. */
function loadNeeded(language: Language): Promise<unknown> {
  const parts = partsNeeded.has('whole') ? (['whole'] as const) : [...partsNeeded]
  return Promise.all(parts.map((part) => loadCatalogue(part, language)))
}

/** Loads the whole catalogue of the current language (and of any language switched to from now on). */
export function loadWholeCatalogue(): Promise<void> {
  partsNeeded.add('whole')
  return loadCatalogue('whole', currentLanguage())
}

/**
 * Loads a part of the guest sections of the current language's catalogue (and of any language switched to
 * from now on), unless the whole catalogue is needed already: all of them, or a sign-in screen's own.
 */
export async function loadGuestCatalogue(part: GuestPart = 'guest'): Promise<void> {
  partsNeeded.add(part)
  await loadNeeded(currentLanguage())
}

/** The language of a switch under way: a slower earlier switch must not win over it. */
let switchingTo: Language | undefined

/** Switches the app's language once its catalogue is there. */
export async function switchLanguage(language: Language): Promise<void> {
  // A "change" to the language the app already has would render every translated component again: on a
  // prerendered page that was a second, synchronous render of the whole form.
  if (language === (switchingTo ?? i18n.language)) return
  switchingTo = language
  try {
    await loadNeeded(language)
    if (switchingTo === language) await i18n.changeLanguage(language)
  } finally {
    if (switchingTo === language) switchingTo = undefined
  }
}

/** The app's language, which every API request asks the server to write its error messages in. */
export function currentLanguage(): Language {
  return LANGUAGES.find((l) => l === i18n.language) ?? 'es'
}

// <html lang> follows the language (there is no document when the build prerenders a page).
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language
  })
  document.documentElement.lang = i18n.language
}

/** The texts in the app's language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const language = useSyncExternalStore(subscribe, currentLanguageName, currentLanguageName)
  return useMemo(() => ({ t: i18n.getFixedT(language), i18n }), [language])
}

function subscribe(changed: () => void): () => void {
  i18n.on('languageChanged', changed)
  return () => {
    i18n.off('languageChanged', changed)
  }
}

function currentLanguageName(): string {
  return i18n.language
}

/**
 * A text with markup: each <name>…</name> in it becomes components[name] holding what was between the
 * tags ('Acepto los <terms>Términos</terms>'); values fill its {{placeholders}}.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: TranslationKey
  values?: TOptions
  components: Record<string, ReactElement>
}): ReactNode {
  useTranslation() // renders again in another language
  const parts: ReactNode[] = []
  // Tags first, then placeholders: a value is never read as markup.
  const text = i18n.text(i18nKey)
  const tag = /<(\w+)>(.*?)<\/\1>/g
  let last = 0
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', inner = ''] = match
    parts.push(interpolate(text.slice(last, match.index), values ?? {}))
    const element = components[name] as ReactElement | undefined
    const content = interpolate(inner, values ?? {})
    parts.push(element ? cloneElement(element, { key: parts.length }, content) : content)
    last = match.index + whole.length
  }
  parts.push(interpolate(text.slice(last), values ?? {}))
  return createElement(Fragment, null, ...parts)
}

export { i18n, type TFunction, type TranslationKey }
