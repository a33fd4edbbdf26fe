import { useEffect, useSyncExternalStore } from 'react'

// Preferences kept on the device (spec: entity "App settings"); /settings/app writes them. the inline script of index.html mirrors the theme and font size part
// before the first paint: keep the key and the class names in step with it.
export const APP_SETTINGS_KEY = 'appSettings'

export const LANGUAGES = ['es', 'ca', 'en'] as const
export const THEMES = ['light', 'dark', 'system'] as const
export const FONT_SIZES = ['small', 'medium', 'large'] as const

export type Language = (typeof LANGUAGES)[number]
export type Theme = (typeof THEMES)[number]
export type FontSize = (typeof FONT_SIZES)[number]

export interface AppSettings {
  language: Language
  theme: Theme
  soundEnabled: boolean
  fontSize: FontSize
  dataSaver: boolean
}

export const DEFAULT_APP_SETTINGS: AppSettings = {
  language: 'es',
  theme: 'system',
  soundEnabled: true,
  fontSize: 'medium',
  dataSaver: false,
}

/** Parses stored settings field by field: a missing or invalid field takes its default, never the whole. */
export function parseAppSettings(raw: string | null): AppSettings {
  const stored = parseObject(raw)
  const d = DEFAULT_APP_SETTINGS
  return {
    language: oneOf(LANGUAGES, stored.language, d.language),
    theme: oneOf(THEMES, stored.theme, d.theme),
    soundEnabled: typeof stored.soundEnabled === 'boolean' ? stored.soundEnabled : d.soundEnabled,
    fontSize: oneOf(FONT_SIZES, stored.fontSize, d.fontSize),
    dataSaver: typeof stored.dataSaver === 'boolean' ? stored.dataSaver : d.dataSaver,
  }
}

export function readAppSettings(): AppSettings {
  return parseAppSettings(readRaw())
}

// useSyncExternalStore needs the same object back while the stored text is unchanged.
let cachedRaw: string | null | undefined
let cachedSettings = DEFAULT_APP_SETTINGS

function snapshot(): AppSettings {
  const raw = readRaw()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    const settings = parseAppSettings(raw)
    // Settings equal to the defaults are the defaults object itself, the server snapshot a prerendered page
    // was drawn with: a copy, though equal, had React render every reader again, synchronously, as soon as
    // it had hydrated the page.
    cachedSettings = differsFromDefaults(settings) ? settings : DEFAULT_APP_SETTINGS
  }
  return cachedSettings
}

// Writes made by this tab (the "storage" event only reports those of other tabs).
const listeners = new Set<() => void>()

function subscribe(onChange: () => void): () => void {
  // The "storage" event reports writes made by other tabs of the app.
  window.addEventListener('storage', onChange)
  listeners.add(onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    listeners.delete(onChange)
  }
}

/**
 * Saves a change to the device settings and applies it at once: every useAppSettings() re-renders, so
 * the providers switch the language and the theme and font size follow. Blocked storage keeps the
 * change for this page's lifetime only.
 */
export function writeAppSettings(change: Partial<AppSettings>): AppSettings {
  const next = { ...snapshot(), ...change }
  const raw = JSON.stringify(next)
  try {
    localStorage.setItem(APP_SETTINGS_KEY, raw)
  } catch {
    // storage blocked: keep it in memory below
  }
  cachedRaw = readRaw()
  cachedSettings = next
  for (const listener of listeners) listener()
  return next
}

/** Whether some setting differs from its default (the settings screen then offers to save and leave). */
export function differsFromDefaults(settings: AppSettings): boolean {
  return (Object.keys(DEFAULT_APP_SETTINGS) as (keyof AppSettings)[]).some(
    (key) => settings[key] !== DEFAULT_APP_SETTINGS[key],
  )
}

/** The current device settings, re-rendering when another tab changes them. */
export function useAppSettings(): AppSettings {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_APP_SETTINGS)
}

/** Keeps the theme (following the OS while it is "system") and the font size applied to <html>. */
export function useApplyAppSettings(): AppSettings {
  const settings = useAppSettings()
  const { theme, fontSize } = settings

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const apply = () => {
      document.documentElement.classList.toggle('dark', theme === 'dark' || (theme === 'system' && media.matches))
    }
    apply()
    if (theme !== 'system') return
    media.addEventListener('change', apply)
    return () => {
      media.removeEventListener('change', apply)
    }
  }, [theme])

  useEffect(() => {
    const classes = document.documentElement.classList
    for (const size of FONT_SIZES) classes.toggle(`font-size-${size}`, size === fontSize)
  }, [fontSize])

  return settings
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(APP_SETTINGS_KEY)
  } catch {
    return null // storage blocked (private mode, disabled cookies): run on defaults
  }
}

function parseObject(raw: string | null): Partial<Record<keyof AppSettings, unknown>> {
  try {
    const value: unknown = JSON.parse(raw ?? 'null')
    return typeof value === 'object' && value !== null ? value : {}
  } catch {
    return {}
  }
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback
}
