declare module 'virtual:locale-core' {
  /** The catalogue sections of CORE_SECTIONS (vite.config.ts) for each language. */
  const core: Record<'es' | 'ca' | 'en', Record<string, unknown>>
  export default core
}
