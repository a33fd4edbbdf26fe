import type es from './es.json'

// The texts of the year's accounts join the app's typed keys (ADR 0039), but not the whole catalogue the
// first load brings: the accounts screen adds them with its own chunk (accounts-texts.ts, ADR 0050).
declare module '@/lib/translator' {
  interface FeatureCatalogues {
    yearAccounts: (typeof es)['yearAccounts']
  }
}
