declare module 'virtual:locale-core' {
  /** The catalogue sections of CORE_SECTIONS (vite.config.ts) for each language. */
  const core: Record<'es' | 'ca' | 'en', import('@/lib/translator').Texts>
  export default core
}

declare module '*.json?guest' {
  /** GUEST_SECTIONS (src/locales/sections.ts) of the language's merged catalogue, as minified JSON text. */
  const text: string
  export default text
}

declare module '*.json?login' {
  /** GUEST_PARTS.login (src/locales/sections.ts) of the language's merged catalogue, as minified JSON text. */
  const text: string
  export default text
}

declare module '*.json?register' {
  /** GUEST_PARTS.register (src/locales/sections.ts) of the language's merged catalogue, as minified JSON text. */
  const text: string
  export default text
}

declare module '*.json?register-later' {
  /** GUEST_PARTS.['register-later'] (src/locales/sections.ts) of the language's merged catalogue, as minified JSON text. */
  const text: string
  export default text
}
