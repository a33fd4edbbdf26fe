import type es from './es.json'

// The texts of the admins' 'Mandatos' panel and of a mandate's end (revoked, expired) in 'Mis cuotas' and
// the remittances join the app's typed keys (ADR 0039), but not the whole catalogue every first load
// brings: the screens that show them add them with their own chunk (mandates-texts.ts, as ADR 0050 does).
declare module '@/lib/translator' {
  interface FeatureCatalogues {
    sepaMandates: (typeof es)['sepaMandates']
  }
}
