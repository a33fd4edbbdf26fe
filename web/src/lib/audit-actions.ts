import type { TranslationKey } from '@/lib/translator'

/**
 * A feature's audit actions: each action its Go package records (the package's Audit… constants, which
 * it registers with domain.RegisterAuditActions) and the key of its label in the feature's own catalogue.
 * A feature declares them in src/features/<name>/audit-actions.ts as `auditActions`, and a new action
 * touches only that feature's folders (ADR 0039). internal/app's TestWebLabelsEveryAuditAction checks that
 * the web declares exactly the actions the server registers.
 */
export type AuditActionLabels = Readonly<Record<string, TranslationKey>>

/**
 * Merges the features' declarations, file by file in the order given: an action two files declare would
 * be listed twice and labelled by one of them, so it throws naming both (every test run and the build fail).
 */
export function mergeAuditActions(files: Readonly<Record<string, AuditActionLabels>>): ReadonlyMap<string, TranslationKey> {
  const merged = new Map<string, TranslationKey>()
  const from = new Map<string, string>()
  for (const [file, actions] of Object.entries(files)) {
    for (const [action, label] of Object.entries(actions)) {
      const other = from.get(action)
      if (other !== undefined) throw new Error(`the audit action ${action} is declared in both ${other} and ${file}`)
      from.set(action, file)
      merged.set(action, label)
    }
  }
  return merged
}

/**
 * Every action the audit records, with the key of its label, in the order the audit's filter lists them
 * (by feature folder, then as each declares them). The build gathers the features' files, as it gathers
 * their catalogues (vite.config.ts): src/lib imports no feature, so nothing here names one.
 */
export const AUDIT_ACTIONS = mergeAuditActions(
  import.meta.glob<AuditActionLabels>('../features/*/audit-actions.ts', { eager: true, import: 'auditActions' }),
)
