import type Shared from '@/locales/es.json'

// The app's translations, without a library (ADR 0032): nested keys, {{name}} placeholders, plurals by
// Intl.PluralRules (`key_one`, `key_other`) and a fallback language are all the catalogues use. i18next did
// the same with 14 kB brotli in the first script of every page, and its lookups were a fifth of the work
// of drawing /login.

/**
 * The sections of each feature's own catalogue (src/features/<name>/locales), which each adds to this
 * interface from its locales/catalogue.ts; the build merges the texts themselves (ADR 0039).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface FeatureCatalogues {}

/** The Spanish catalogue: the shared sections of src/locales and every feature's. */
type Catalogue = typeof Shared & FeatureCatalogues

/** 'a.b.c' for every text of the Spanish catalogue, the source the others follow; a plural by its stem. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]
type Stem<K> = K extends `${infer S}_${'one' | 'other'}` ? S : K
export type TranslationKey = Stem<Leaves<Catalogue>>

export interface TOptions {
  /** Picks the plural form, and is a placeholder too. */
  count?: number
  /** The text when the key is missing in every language. */
  defaultValue?: string
  /** Another language than the current one. */
  lng?: string
  /** The other placeholders by name. */
  [name: string]: unknown
}

/** A key of the catalogue; any other key (one the server names) only with the text to show without it. */
export interface TFunction {
  (key: TranslationKey, options?: TOptions): string
  (key: string, options: TOptions & { defaultValue: string }): string
}

export interface Texts { [key: string]: string | Texts }
type Listener = (language: string) => void

export class Translator {
  private readonly catalogues = new Map<string, Texts>()
  private readonly listeners = new Set<Listener>()
  private readonly plurals = new Map<string, Intl.PluralRules>()

  language: string
  private readonly fallback: string

  constructor(language: string, fallback: string) {
    this.language = language
    this.fallback = fallback
  }

  /** Adds the catalogue's top-level sections to the language's, replacing those it already had. */
  add(language: string, catalogue: Texts): void {
    this.catalogues.set(language, { ...this.catalogues.get(language), ...catalogue })
  }

  /** Adds a part of a catalogue, deep: the parts of one section (auth.login, auth.register) add up. */
  merge(language: string, part: Texts): void {
    const into = (target: Texts, texts: Texts): Texts => {
      const merged = { ...target }
      for (const [key, value] of Object.entries(texts)) {
        const old = merged[key]
        merged[key] = typeof value === 'object' && typeof old === 'object' ? into(old, value) : value
      }
      return merged
    }
    this.catalogues.set(language, into(this.catalogues.get(language) ?? {}, part))
  }

  /** The text of the key in the current language (or options.lng), else in the fallback, else the key. */
  t: TFunction = (key: string, options?: TOptions) => {
    const text = this.text(key, options)
    return options ? interpolate(text, options) : text
  }

  /** The key's text with its {{placeholders}} as they are. */
  text(key: string, options?: Pick<TOptions, 'count' | 'defaultValue' | 'lng'>): string {
    return this.find(options?.lng ?? this.language, key, options?.count) ?? options?.defaultValue ?? key
  }

  /** t, always in that language. */
  getFixedT(language: string): TFunction {
    return (key: string, options?: TOptions) => this.t(key as TranslationKey, { ...options, lng: language })
  }

  exists(key: string): boolean {
    return this.find(this.language, key, undefined) !== undefined
  }

  changeLanguage(language: string): Promise<void> {
    if (language !== this.language) {
      this.language = language
      for (const listener of this.listeners) listener(language)
    }
    return Promise.resolve()
  }

  on(_event: 'languageChanged', listener: Listener): void {
    this.listeners.add(listener)
  }

  off(_event: 'languageChanged', listener: Listener): void {
    this.listeners.delete(listener)
  }

  private find(language: string, key: string, count: number | undefined): string | undefined {
    for (const lang of language === this.fallback ? [language] : [language, this.fallback]) {
      const catalogue = this.catalogues.get(lang)
      if (!catalogue) continue
      const text = count === undefined ? lookup(catalogue, key) : this.plural(catalogue, lang, key, count)
      if (text !== undefined) return text
    }
    return undefined
  }

  private plural(catalogue: Texts, language: string, key: string, count: number): string | undefined {
    let rules = this.plurals.get(language)
    if (!rules) {
      rules = new Intl.PluralRules(language)
      this.plurals.set(language, rules)
    }
    // Spanish has a 'many' form for a million and up, which no catalogue words apart: it reads as 'other'.
    return lookup(catalogue, `${key}_${rules.select(count)}`) ?? lookup(catalogue, `${key}_other`) ?? lookup(catalogue, key)
  }
}

function lookup(catalogue: Texts, key: string): string | undefined {
  return lookupParts(catalogue, key.split('.'), 0)
}

/** A name may hold a dot itself (the audit's 'role.changed'): after each part, the longer names are tried. */
function lookupParts(node: string | Texts | undefined, parts: string[], from: number): string | undefined {
  if (from === parts.length) return typeof node === 'string' ? node : undefined
  if (typeof node !== 'object') return undefined
  for (let to = from + 1; to <= parts.length; to++) {
    const name = to === from + 1 ? parts[from] : parts.slice(from, to).join('.')
    const found = lookupParts(node[name ?? ''], parts, to)
    if (found !== undefined) return found
  }
  return undefined
}

/** Puts each {{name}} value in place; a missing one leaves nothing. React escapes what is shown. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes('{{')) return text
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined || value === null) return ''
    // Strings and numbers in practice; anything else reads as String() writes it.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    return String(value)
  })
}
