import type es from './es.json'

// The texts of this feature join the app's typed keys (ADR 0039): t('maintenance.…') compiles only for a key
// its es.json has, and the build merges its ca, en and es files into the whole catalogues (vite.config.ts).
declare module '@/lib/translator' {
  interface FeatureCatalogues {
    maintenance: (typeof es)['maintenance']
  }
}
