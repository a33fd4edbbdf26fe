import { CheckCircle2, XCircle } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { type BulkResult, type Processor, useBulkAnnouncement, useBulkProvider } from './api/despacho'

const categories = ['plumbing', 'electricity', 'locksmith', 'cleaning', 'lifts', 'hvac', 'other'] as const
type Category = (typeof categories)[number]
type Action = 'announcement' | 'provider'

/**
 * The office's bulk actions (issue #35): the same announcement, or the same service provider, in the
 * communities chosen among those it runs; the answer lists each community's result. Write rights only.
 */
export function BulkActions({ communities }: { communities: readonly Processor[] }) {
  const { t } = useTranslation()
  const run = communities.filter((c) => c.status === 'active')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [action, setAction] = useState<Action>('announcement')
  const [ann, setAnn] = useState({ title: '', description: '', critical: false })
  const [prov, setProv] = useState({ name: '', category: 'plumbing' as Category, phone: '', email: '' })
  const [results, setResults] = useState<BulkResult[]>()
  const [error, setError] = useState<string>()
  const announce = useBulkAnnouncement()
  const provider = useBulkProvider()
  const pending = announce.isPending || provider.isPending
  if (run.length === 0) return null
  const communityIds = run.filter((c) => chosen.has(c.communityId)).map((c) => c.communityId)
  const ready = communityIds.length > 0 && (action === 'announcement' ? ann.title.trim() !== '' : prov.name.trim() !== '')
  const done = {
    onSuccess: (rs: BulkResult[]) => {
      setResults(rs)
    },
    onError: (err: Error) => {
      setError(problemMessage(err, t))
    },
  }
  return (
    <section aria-labelledby="despacho-bulk" className="flex flex-col gap-2">
      <h2 id="despacho-bulk" className="px-1 text-sm font-semibold text-muted-foreground">
        {t('despacho.bulk.title')}
      </h2>
      <form
        className="flex flex-col gap-3 rounded-2xl border bg-card p-4"
        noValidate
        aria-labelledby="despacho-bulk"
        onSubmit={(e) => {
          e.preventDefault()
          setError(undefined)
          setResults(undefined)
          if (action === 'announcement') {
            announce.mutate(
              { communityIds, title: ann.title.trim(), description: ann.description.trim() || undefined, priority: ann.critical ? 'critico' : 'normal' },
              done,
            )
          } else {
            provider.mutate(
              {
                communityIds,
                name: prov.name.trim(),
                category: prov.category,
                phone: prov.phone.trim() || undefined,
                email: prov.email.trim() || undefined,
              },
              done,
            )
          }
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('despacho.bulk.communities')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={communityIds.length === run.length}
              onChange={(e) => {
                setChosen(new Set(e.target.checked ? run.map((c) => c.communityId) : []))
              }}
            />
            {t('despacho.bulk.all')}
          </label>
          {run.map((c) => (
            <label key={c.communityId} className="flex min-w-0 items-center gap-2 text-sm">
              <Checkbox
                checked={chosen.has(c.communityId)}
                onChange={(e) => {
                  const next = new Set(chosen)
                  if (e.target.checked) next.add(c.communityId)
                  else next.delete(c.communityId)
                  setChosen(next)
                }}
              />
              <span className="truncate">{c.communityName}</span>
            </label>
          ))}
        </fieldset>
        <FormField id="despacho-bulk-action" label={t('despacho.bulk.action')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={action}
              onChange={(e) => {
                setAction(e.target.value === 'provider' ? 'provider' : 'announcement')
                setResults(undefined)
              }}
            >
              <option value="announcement">{t('despacho.bulk.announcement')}</option>
              <option value="provider">{t('despacho.bulk.provider')}</option>
            </NativeSelect>
          )}
        </FormField>
        {action === 'announcement' ? (
          <>
            <FormField id="despacho-bulk-title" label={t('despacho.bulk.annTitle')}>
              {(control) => (
                <Input
                  {...control}
                  value={ann.title}
                  maxLength={200}
                  onChange={(e) => {
                    setAnn({ ...ann, title: e.target.value })
                  }}
                />
              )}
            </FormField>
            <FormField id="despacho-bulk-description" label={t('despacho.bulk.annDescription')}>
              {(control) => (
                <Textarea
                  {...control}
                  value={ann.description}
                  maxLength={10000}
                  onChange={(e) => {
                    setAnn({ ...ann, description: e.target.value })
                  }}
                />
              )}
            </FormField>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={ann.critical}
                onChange={(e) => {
                  setAnn({ ...ann, critical: e.target.checked })
                }}
              />
              {t('despacho.bulk.critical')}
            </label>
          </>
        ) : (
          <>
            <FormField id="despacho-bulk-name" label={t('despacho.bulk.provName')}>
              {(control) => (
                <Input
                  {...control}
                  value={prov.name}
                  maxLength={120}
                  onChange={(e) => {
                    setProv({ ...prov, name: e.target.value })
                  }}
                />
              )}
            </FormField>
            <FormField id="despacho-bulk-category" label={t('despacho.bulk.category')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={prov.category}
                  onChange={(e) => {
                    const v = categories.find((c) => c === e.target.value)
                    setProv({ ...prov, category: v ?? 'other' })
                  }}
                >
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {t(`despacho.bulk.categories.${c}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="despacho-bulk-phone" label={t('despacho.bulk.phone')} hint={t('despacho.bulk.contactHint')}>
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  value={prov.phone}
                  maxLength={30}
                  onChange={(e) => {
                    setProv({ ...prov, phone: e.target.value })
                  }}
                />
              )}
            </FormField>
            <FormField id="despacho-bulk-email" label={t('despacho.bulk.email')}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  value={prov.email}
                  maxLength={254}
                  onChange={(e) => {
                    setProv({ ...prov, email: e.target.value })
                  }}
                />
              )}
            </FormField>
          </>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" disabled={pending || !ready} aria-busy={pending}>
          {t('despacho.bulk.submit', { count: communityIds.length })}
        </Button>
      </form>
      {results && (
        <ul aria-label={t('despacho.bulk.results')} className="flex flex-col overflow-hidden rounded-2xl border bg-card">
          {results.map((r) => (
            <li key={r.communityId} className="flex items-start gap-2 border-b px-4 py-2 text-sm last:border-b-0">
              {r.error ? (
                <XCircle className="size-5 shrink-0 text-destructive" aria-hidden />
              ) : (
                <CheckCircle2 className="size-5 shrink-0 text-primary" aria-hidden />
              )}
              <span className="min-w-0">
                {r.error
                  ? `${r.communityName || r.communityId}: ${r.error}`
                  : t('despacho.bulk.done', { name: r.communityName })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
