import type es from './es.json'

// The texts of this feature join the app's typed keys (ADR 0039).
declare module '@/lib/translator' {
  interface FeatureCatalogues {
    despacho: (typeof es)['despacho']
  }
}
