import { useQuery } from '@tanstack/react-query'
import { Landmark } from 'lucide-react'
import { Link } from 'react-router'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { queryKeys } from '@/lib/query-keys'

/** The next convened junta (issue #38), for the dashboard's line; null when none. */
function useNextJunta(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.juntas.next(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/juntas/next'))).junta,
    enabled,
    staleTime: 60_000,
  })
}

/** A day as people read it: '12 de marzo'. */
function dayText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long' }).format(new Date(iso))
}

/** The dashboard's line 'Junta ordinaria el 12 de marzo — ver convocatoria'; nothing when no junta is convened. */
export function NextJunta({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation()
  const next = useNextJunta(enabled)
  const j = next.data
  if (!j) return null
  return (
    <section aria-label={t('juntas.dashboard.label')}>
      <Link
        to={`/juntas/${j.id}?tab=convocatoria`}
        className="flex items-center gap-3 rounded-2xl border bg-card p-4 shadow-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Landmark className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">{t('juntas.dashboard.line', { kind: t(`juntas.kind.${j.kind}`), day: dayText(j.firstCall, i18n.language) })}</span>
          {' — '}
          <span className="underline">{t('juntas.dashboard.see')}</span>
        </span>
      </Link>
    </section>
  )
}
