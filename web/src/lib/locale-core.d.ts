declare module 'virtual:locale-core' {
  /** The catalogue sections of CORE_SECTIONS (vite.config.ts) for each language. */
  const core: Record<'es' | 'ca' | 'en', import('@/lib/translator').Texts>
  export default core
}
