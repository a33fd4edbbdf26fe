import { Search } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { type OfficeHit, useOfficeSearch, useOpenRunCommunity } from './api/despacho'

type Kind = 'people' | 'units' | 'incidents'

const statuses = ['open', 'in_progress', 'resolved'] as const
function isStatus(s: string): s is (typeof statuses)[number] {
  return (statuses as readonly string[]).includes(s)
}

/** Where a hit opens in its community: a person or a unit in the units registry, an incident in the list. */
const target: Record<Kind, string> = { people: '/settings/units', units: '/settings/units', incidents: '/incidents' }

/**
 * The search across the communities the office runs (issue #35): an owner's name, a unit ('2ºB',
 * 'Portal 2') or an incident, the results by kind, each opening its community in this tab.
 */
export function OfficeSearch() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [term, setTerm] = useState('')
  const search = useOfficeSearch(term)
  const open = useOpenRunCommunity()
  const groups = search.data ? (['people', 'units', 'incidents'] as const).filter((k) => (search.data[k] ?? []).length > 0) : []
  const detail = (kind: Kind, h: OfficeHit) => {
    if (!h.detail) return h.communityName
    const d = kind === 'incidents' && isStatus(h.detail) ? t(`despacho.search.status.${h.detail}`) : h.detail
    return `${h.communityName} · ${d}`
  }
  return (
    <section aria-labelledby="despacho-search" className="flex flex-col gap-2">
      <h2 id="despacho-search" className="px-1 text-sm font-semibold text-muted-foreground">
        {t('despacho.search.title')}
      </h2>
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          setTerm(text.trim())
        }}
      >
        <div className="min-w-0 flex-1">
          <FormField id="despacho-search-q" label={t('despacho.search.label')} hint={t('despacho.search.hint')}>
            {(control) => (
              <Input
                {...control}
                type="search"
                value={text}
                maxLength={100}
                onChange={(event) => {
                  setText(event.target.value)
                }}
              />
            )}
          </FormField>
        </div>
        <Button type="submit" aria-label={t('despacho.search.submit')} disabled={text.trim().length < 2}>
          <Search aria-hidden />
        </Button>
      </form>
      {search.isFetching && <Spinner />}
      {search.isError && (
        <p role="alert" className="text-sm text-destructive">
          {problemMessage(search.error, t)}
        </p>
      )}
      {search.isSuccess && groups.length === 0 && <p className="text-muted-foreground">{t('despacho.search.none', { term })}</p>}
      {search.data &&
        groups.map((kind) => (
          <div key={kind} className="flex flex-col gap-1">
            <h3 id={`despacho-search-${kind}`} className="px-1 text-sm font-semibold">
              {t(`despacho.search.${kind}`)}
            </h3>
            <ul aria-labelledby={`despacho-search-${kind}`} className="flex flex-col overflow-hidden rounded-2xl border bg-card">
              {(search.data[kind] ?? []).map((h) => (
                <li key={`${h.communityId}-${h.id}`} className="flex min-h-14 items-center gap-3 border-b px-4 py-2 last:border-b-0">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{h.title}</p>
                    <p className="truncate text-sm text-muted-foreground">{detail(kind, h)}</p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="shrink-0"
                    aria-label={t('despacho.search.openIn', { title: h.title, name: h.communityName })}
                    onClick={() => void open(h.communityId, target[kind])}
                  >
                    {t('despacho.communities.open')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  )
}
