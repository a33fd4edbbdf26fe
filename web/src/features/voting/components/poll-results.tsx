import { Badge } from '@/components/ui/badge'
import { Progress } from '@/components/ui/progress'
import { formatDate } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import type { Poll } from '../api/polls'
import { cuotaText, decisionReason } from '../lib/format'

/** The counts per option and, of a closed junta vote, its decision (provisional during the 17.8 period). */
export function PollResults({ poll, myOption, language }: { poll: Poll; myOption?: string | null; language: string }) {
  const { t } = useTranslation()
  const d = poll.decision
  return (
    <section aria-label={t('voting.results')} className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {poll.options.map((o) => (
          <li key={o.id} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">
                {o.text}
                {myOption === o.id && <span className="ml-1 text-primary">{t('voting.yourVoteMark')}</span>}
              </span>
              <span className="text-sm text-muted-foreground">
                {t('voting.votesCount', { count: o.votes ?? 0 })} · {o.percent ?? 0} %
                {o.cuota !== null && ` · ${t('voting.cuotaShort', { cuota: cuotaText(o.cuota, language) })}`}
              </span>
            </div>
            <Progress value={(o.percent ?? 0) / 100} label={`${o.text}: ${String(o.percent ?? 0)} %`} />
          </li>
        ))}
      </ul>
      {d && poll.status === 'closed' && (
        <div className="rounded-lg border p-3" role="status">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <Badge variant={d.approved ? 'green' : 'red'}>{d.approved ? t('voting.approved') : t('voting.notApproved')}</Badge>
            {poll.provisionalUntil && (
              <span className="text-sm font-normal text-muted-foreground">
                {t('voting.provisionalUntil', { date: formatDate(poll.provisionalUntil, language) })}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm">{decisionReason(poll, d, t, language)}</p>
        </div>
      )}
    </section>
  )
}
