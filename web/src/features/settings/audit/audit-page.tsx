import { ArrowRight, History } from 'lucide-react'
import { useState } from 'react'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { AUDIT_ACTIONS } from '@/lib/audit-actions'
import { useAudit, type AuditFilters, type AuditRecord } from '../api/audit'
import { useCommunityRoles } from '@/lib/roles'
import { SettingsScreen } from '@/components/settings-screen'
import { useAdminOnly } from '@/lib/use-admin-only'

/** A day typed in a date input, as the start of that day in the browser's time zone (RFC 3339). */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!day) return undefined
  const d = new Date(`${day}T00:00:00`)
  d.setDate(d.getDate() + plusDays)
  return d.toISOString()
}

/** /settings/audit: what the administrators did, newest first, with filters (admins only). */
export function AuditPage() {
  const { t } = useTranslation()
  const isAdmin = useAdminOnly()
  const [action, setAction] = useState('')
  const [actor, setActor] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const filters: AuditFilters = {
    action: action || undefined,
    actor: actor || undefined,
    from: dayStart(from),
    to: dayStart(to, 1), // the whole last day
  }
  const audit = useAudit(filters, isAdmin)
  const roles = useCommunityRoles(isAdmin)
  const admins = (roles.data?.members ?? []).filter((m) => m.role === 'admin')
  const records = (audit.data?.pages.flatMap((p) => p.items) ?? []).filter((r): r is AuditRecord => r !== null)

  return (
    <SettingsScreen title={t('settings.audit.title')} description={t('settings.audit.description')} backTo="/settings">
      {isAdmin && (
        <>
          <section aria-label={t('settings.audit.filters')} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
            <SelectField
              id="audit-action"
              label={t('settings.audit.action')}
              emptyOption={t('settings.audit.allActions')}
              options={[...AUDIT_ACTIONS].map(([value, label]) => ({ value, label: t(label) }))}
              value={action}
              onChange={(e) => { setAction(e.target.value); }}
            />
            <SelectField
              id="audit-actor"
              label={t('settings.audit.actor')}
              emptyOption={t('settings.audit.allAdmins')}
              options={admins.map((m) => ({ value: m.id, label: m.fullName }))}
              value={actor}
              onChange={(e) => { setActor(e.target.value); }}
            />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-from">{t('settings.audit.from')}</Label>
              <Input id="audit-from" type="date" value={from} onChange={(e) => { setFrom(e.target.value); }} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-to">{t('settings.audit.to')}</Label>
              <Input id="audit-to" type="date" value={to} onChange={(e) => { setTo(e.target.value); }} />
            </div>
          </section>

          {audit.isPending ? (
            <div className="flex flex-col gap-2" aria-busy="true" aria-label={t('settings.audit.loading')}>
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : audit.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {problemMessage(audit.error, t)}
            </p>
          ) : records.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed p-8 text-center text-muted-foreground">
              <History className="size-8" aria-hidden />
              <p>{t('settings.audit.empty')}</p>
            </div>
          ) : (
            <ol aria-label={t('settings.audit.list')} className="flex flex-col gap-2">
              {records.map((r) => (
                <AuditItem key={r.id} record={r} />
              ))}
            </ol>
          )}
          {audit.hasNextPage && (
            <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
              {t('settings.audit.more')}
            </Button>
          )}
          <p className="text-xs text-muted-foreground">{t('settings.audit.retention')}</p>
        </>
      )}
    </SettingsScreen>
  )
}

/** The values that changed, key by key: before → after; roles, states and visibilities in words. */
function changes(record: AuditRecord, t: TFunction): { key: string; before: string; after: string }[] {
  const before = (record.before ?? {}) as Record<string, unknown>
  const after = (record.after ?? {}) as Record<string, unknown>
  const show = (key: string, v: unknown): string => {
    if (v === undefined || v === null || v === '') return '—'
    if (typeof v !== 'string') return JSON.stringify(v)
    if (key === 'role') return t(`settings.roleLabels.profile.${v}`, { defaultValue: v })
    if (key === 'status') return t(`settings.audit.statuses.${v}`, { defaultValue: v })
    if (key === 'visibility') return t(`documents.visibility.${v}`, { defaultValue: v })
    return v
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return keys
    .map((key) => ({ key, before: show(key, before[key]), after: show(key, after[key]) }))
    .filter((c) => c.before !== c.after || record.before == null || record.after == null)
}

/** An action's label in the language shown; an action no feature declares (a newer server's) as its code. */
function actionLabel(action: string, t: TFunction): string {
  const label = AUDIT_ACTIONS.get(action)
  return label ? t(label) : action
}

function AuditItem({ record }: { record: AuditRecord }) {
  const { t } = useTranslation()
  const { dateTime } = useDateFormat()
  const rows = changes(record, t)
  const hasBefore = record.before != null
  const hasAfter = record.after != null
  return (
    <li className="rounded-2xl border bg-card p-4 text-sm">
      <p className="font-semibold">
        {actionLabel(record.action, t)}
        {record.targetLabel && <span className="font-normal text-muted-foreground"> · {record.targetLabel}</span>}
      </p>
      <p className="text-xs text-muted-foreground">
        {t('settings.audit.by', { name: record.actorName, when: dateTime(record.createdAt) })}
      </p>
      {rows.length > 0 && (
        <dl className="mt-2 flex flex-col gap-1">
          {rows.map((c) => (
            <div key={c.key} className="flex flex-wrap items-center gap-1">
              <dt className="text-muted-foreground">{t(`settings.audit.fields.${c.key}`, { defaultValue: c.key })}:</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-1 break-all">
                {hasBefore && <span className="line-through decoration-muted-foreground/60">{c.before}</span>}
                {hasBefore && hasAfter && <ArrowRight className="size-3" aria-label={t('settings.audit.becomes')} />}
                {hasAfter && <span className="font-medium">{c.after}</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}
