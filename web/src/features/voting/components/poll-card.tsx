import { useState } from 'react'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import type { Poll } from '../api/polls'
import { secretVote } from '../lib/receipts'
import { CoefficientNote } from './coefficient-note'
import { DeprivedUnits } from './deprived-units'
import { PollAdminActions } from './poll-admin-actions'
import { PollDelegation } from './poll-delegation'
import { PollObjection } from './poll-objection'
import { PollParticipation } from './poll-participation'
import { PollReceipts } from './poll-receipts'
import { PollResults } from './poll-results'
import { VoteForm } from './vote-form'

const statusVariant: Record<Poll['status'], BadgeVariant> = { draft: 'secondary', open: 'green', closed: 'outline' }

/**
 * One poll: its state, the vote (for oneself and for the owners one represents), the results and the admin's actions;
 * each concern is a component of its own file, this card lays them out.
 */
export function PollCard({ poll, onEdit }: { poll: Poll; onEdit: (poll: Poll) => void }) {
  const { t, i18n } = useTranslation()
  const dates = useDateFormat()
  const { user } = useSession()
  const me = user?.id ?? ''
  const admin = user?.role === 'admin'
  const junta = poll.kind === 'junta'
  // A secret vote is remembered on this device only: a change is not in the poll the server sends back,
  // so the card re-reads the device when one of its forms stores a vote.
  const [, setStoredVotes] = useState(0)
  const onStored = () => {
    setStoredVotes((n) => n + 1)
  }
  const stored = poll.secret ? secretVote(poll.id, me) : undefined
  const myOption = poll.myVote?.optionId ?? stored?.optionId
  const myReceipt = poll.myVote?.receipt ?? stored?.receipt
  // A secret poll counts at the close, for everybody: counts that rise with each vote would pair voters with options.
  const countsHidden = poll.secret && poll.status !== 'closed'
  const mayVoteSelf = poll.status === 'open' && poll.canVote && (!poll.myVote || poll.allowChange) && (!junta || (poll.isElector && !poll.deprived))
  const headingId = `poll-${poll.id}`

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={statusVariant[poll.status]}>{t(`voting.status.${poll.status}`)}</Badge>
          <Badge variant="blue">{t(`voting.kind.${poll.kind}`)}</Badge>
          {poll.kind === 'consulta' && <Badge variant="secondary">{t('voting.advisory')}</Badge>}
          {poll.secret && <Badge variant="secondary">{t('voting.secret')}</Badge>}
        </div>
        <CardTitle id={headingId} className="text-lg">
          {poll.title}
        </CardTitle>
        {poll.description && <p className="text-sm whitespace-pre-line text-muted-foreground">{poll.description}</p>}
        <p className="text-sm text-muted-foreground">
          {poll.status === 'closed' && poll.closedAt
            ? t('voting.closedOn', { date: dates.dateTime(poll.closedAt) })
            : t('voting.closesOn', { date: dates.dateTime(poll.closesAt) })}
        </p>
        {junta && (
          <p className="text-sm text-muted-foreground">
            {[
              poll.juntaDate ? t('voting.juntaOn', { date: dates.date(poll.juntaDate) }) : '',
              poll.convocatoria ? t(`voting.convocatoria.${poll.convocatoria}`) : '',
              poll.majority ? t(`voting.majority.${poll.majority}`) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {junta && poll.status === 'draft' && admin && <CoefficientNote poll={poll} />}

        {mayVoteSelf && (
          <VoteForm
            poll={poll}
            label={poll.myVote ? t('voting.changeYourVote') : t('voting.yourVote')}
            voter={me}
            current={myOption}
            changeKey={stored?.key}
            onStored={onStored}
          />
        )}
        {poll.status === 'open' &&
          poll.represented
            .filter((r) => !r.voted || poll.allowChange)
            .map((r) => (
              <VoteForm
                key={r.ownerId}
                poll={poll}
                label={t('voting.onBehalfOf', { name: r.name })}
                voter={r.ownerId}
                forOwner={r.ownerId}
                current={poll.secret ? secretVote(poll.id, r.ownerId)?.optionId : undefined}
                changeKey={poll.secret ? secretVote(poll.id, r.ownerId)?.key : undefined}
                onStored={onStored}
              />
            ))}
        {poll.represented.some((r) => r.voted) && !poll.allowChange && (
          <p className="text-sm">{t('voting.representedVoted', { names: poll.represented.filter((r) => r.voted).map((r) => r.name).join(', ') })}</p>
        )}

        {poll.showCounts && !countsHidden && <PollResults poll={poll} myOption={myOption} language={i18n.language} />}
        {countsHidden && poll.status === 'open' && (
          <div className="flex flex-col gap-1 text-sm">
            {myOption && <p>{t('voting.yourChoice', { option: poll.options.find((o) => o.id === myOption)?.text ?? '' })}</p>}
            <p className="text-muted-foreground">{t('voting.secretCountsAtClose')}</p>
          </div>
        )}
        <PollParticipation poll={poll} />
        {myReceipt && (
          <p className="text-sm">
            {t('voting.yourReceipt')} <code className="rounded bg-muted px-1.5 py-0.5 font-mono">{myReceipt}</code>
          </p>
        )}
        {poll.myVote && poll.myVote.castByName !== user?.fullName && (
          <p className="text-sm text-muted-foreground">{t('voting.castBy', { name: poll.myVote.castByName })}</p>
        )}
        {junta && poll.status === 'open' && poll.isElector && (!poll.myVote || poll.myDelegate?.junta) && <PollDelegation poll={poll} />}
        {junta && poll.status === 'open' && admin && (
          <div className="rounded-lg border p-3 text-sm">
            <DeprivedUnits poll={poll} />
          </div>
        )}
        {junta && poll.deprived && <p className="text-sm text-destructive">{t('voting.youAreDeprived')}</p>}
        {poll.canObject && <PollObjection poll={poll} />}
        {poll.objected && <p className="text-sm">{t('voting.youObjected')}</p>}
        {poll.status === 'closed' && <PollReceipts poll={poll} />}
        <PollAdminActions poll={poll} admin={admin} onEdit={onEdit} />
      </CardContent>
    </Card>
  )
}
