import { Progress } from '@/components/ui/progress'
import { useTranslation } from '@/lib/i18n'
import type { Poll } from '../api/polls'

/** How many voted, of the quorum (a consulta) or of the owners with a vote (a junta vote). */
export function PollParticipation({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm">
        {/* A junta vote's participation is of the owners with a vote (the server counts them once it opens). */}
        {poll.kind === 'junta' && poll.status !== 'draft'
          ? t('voting.participationJunta', { votes: poll.totalVotes, count: poll.electors, percent: poll.participation })
          : t('voting.participation', { votes: poll.totalVotes, quorum: poll.quorum, percent: poll.participation })}
      </p>
      <Progress value={poll.participation / 100} label={t('voting.participationLabel')} />
    </div>
  )
}
