import { useState, type SyntheticEvent } from 'react'
import { Link } from 'react-router'
import { SubmitButton } from '@/components/submit-button'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Progress } from '@/components/ui/progress'
import { toast } from '@/components/ui/toast'
import { formatDate, useDateFormat } from '@/lib/dates'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { useMembers } from '@/lib/members'
import { useSession } from '@/lib/session'
import {
  recordCsvUrl,
  useClosePoll,
  useDeletePoll,
  useDelegate,
  useDeprive,
  useObject,
  usePublishPoll,
  useVote,
  type Poll,
} from '../api/polls'
import { failureText } from '../lib/failure'
import { cuotaText, decisionReason } from '../lib/format'
import { rememberSecretVote, secretVote } from '../lib/receipts'

const statusVariant: Record<Poll['status'], BadgeVariant> = { draft: 'secondary', open: 'green', closed: 'outline' }

/** One poll: its state, the vote (for oneself and for the owners one represents), the results and the admin's actions. */
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

        {poll.showCounts && !countsHidden && <Results poll={poll} myOption={myOption} language={i18n.language} />}
        {countsHidden && poll.status === 'open' && (
          <div className="flex flex-col gap-1 text-sm">
            {myOption && <p>{t('voting.yourChoice', { option: poll.options.find((o) => o.id === myOption)?.text ?? '' })}</p>}
            <p className="text-muted-foreground">{t('voting.secretCountsAtClose')}</p>
          </div>
        )}
        <Participation poll={poll} />
        {myReceipt && (
          <p className="text-sm">
            {t('voting.yourReceipt')} <code className="rounded bg-muted px-1.5 py-0.5 font-mono">{myReceipt}</code>
          </p>
        )}
        {poll.myVote && poll.myVote.castByName !== user?.fullName && (
          <p className="text-sm text-muted-foreground">{t('voting.castBy', { name: poll.myVote.castByName })}</p>
        )}
        {junta && poll.status === 'open' && poll.isElector && (!poll.myVote || poll.myDelegate?.junta) && <Delegation poll={poll} />}
        {junta && poll.status === 'open' && admin && (
          <div className="rounded-lg border p-3 text-sm">
            <DeprivedUnits poll={poll} />
          </div>
        )}
        {junta && poll.deprived && <p className="text-sm text-destructive">{t('voting.youAreDeprived')}</p>}
        {poll.canObject && <Objection poll={poll} />}
        {poll.objected && <p className="text-sm">{t('voting.youObjected')}</p>}
        {poll.status === 'closed' && <Receipts poll={poll} />}
        <AdminActions poll={poll} admin={admin} onEdit={onEdit} />
      </CardContent>
    </Card>
  )
}

function CoefficientNote({ poll }: { poll: Poll }) {
  const { t, i18n } = useTranslation()
  return (
    <div className="rounded-lg border p-3 text-sm">
      <p>{t('voting.coefficientSum', { sum: cuotaText(poll.coefficientSum, i18n.language) })}</p>
      {!poll.coefficientsAre100 && (
        <p className="text-destructive">
          {t('voting.coefficientsNot100')}{' '}
          <Link to="/settings/units" className="underline">
            {t('voting.editCoefficients')}
          </Link>
        </p>
      )}
      <DeprivedUnits poll={poll} />
    </div>
  )
}

interface VoteFormProps {
  poll: Poll
  label: string
  /** Whose vote it is: the user, or an owner they represent. */
  voter: string
  forOwner?: string
  current?: string | null
  /** A secret vote's key to change it, kept on this device when it was cast. */
  changeKey?: string | null
  onStored?: () => void
}

/** The options of the poll and 'Votar': one vote for the user, or for an owner they represent. */
function VoteForm({ poll, label, voter, forOwner, current, changeKey, onStored }: VoteFormProps) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState(current ?? '')
  const vote = useVote()
  const name = `vote-${poll.id}-${voter}`

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    // Spec: 'Vote: an option must be chosen.'
    if (!choice) {
      toast.error(t('voting.chooseOption'))
      return
    }
    vote.mutate(
      { id: poll.id, optionId: choice, ...(forOwner ? { for: forOwner } : {}), ...(poll.secret && changeKey ? { changeKey } : {}) },
      {
        onSuccess: (res) => {
          const key = res.changeKey ?? changeKey
          if (poll.secret) {
            rememberSecretVote(poll.id, voter, { optionId: choice, receipt: res.receipt, ...(key ? { key } : {}) })
            onStored?.()
          }
          toast.success(t('voting.toasts.voted', { receipt: res.receipt }), { duration: 2000 })
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: failureText(t('voting.toasts.voteError'), err) })
        },
      },
    )
  }

  return (
    <form onSubmit={submit} aria-label={label} className="flex flex-col gap-2 rounded-lg border p-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{label}</legend>
        {poll.options.map((o) => (
          <label key={o.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-muted">
            <input
              type="radio"
              name={name}
              value={o.id}
              checked={choice === o.id}
              onChange={() => {
                setChoice(o.id)
              }}
              className="size-5 accent-primary"
            />
            <span>{o.text}</span>
          </label>
        ))}
      </fieldset>
      <SubmitButton pending={vote.isPending}>{t('voting.vote')}</SubmitButton>
    </form>
  )
}

function Results({ poll, myOption, language }: { poll: Poll; myOption?: string | null; language: string }) {
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

function Participation({ poll }: { poll: Poll }) {
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

/**
 * Art. 15.1: an owner names another member to vote for them, for this vote or for every vote of its junta,
 * until their vote is cast.
 */
function Delegation({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const { user } = useSession()
  const members = useMembers()
  const delegate = useDelegate()
  const [to, setTo] = useState('')
  const [wholeJunta, setWholeJunta] = useState(false)
  const id = `delegate-${poll.id}`
  const run = (delegateId: string, scope: 'poll' | 'junta') => {
    delegate.mutate(
      { id: poll.id, delegateId, scope },
      {
        onSuccess: () => {
          toast.success(t(delegateId ? 'voting.toasts.delegated' : 'voting.toasts.revoked'), { duration: 2000 })
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: failureText(t('voting.toasts.delegateError'), err) })
        },
      },
    )
  }
  const juntaDate = poll.juntaDate ? dates.date(poll.juntaDate) : ''
  if (poll.myDelegate) {
    const scope = poll.myDelegate.junta ? 'junta' : 'poll'
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          {poll.myDelegate.junta
            ? t('voting.delegatedToForJunta', { name: poll.myDelegate.delegateName, date: juntaDate })
            : t('voting.delegatedTo', { name: poll.myDelegate.delegateName })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={delegate.isPending}
          onClick={() => {
            run('', scope)
          }}
        >
          {t('voting.revoke')}
        </Button>
      </div>
    )
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        if (to) run(to, wholeJunta ? 'junta' : 'poll')
      }}
    >
      <Label htmlFor={id}>{t('voting.delegateLabel')}</Label>
      <div className="flex gap-2">
        <NativeSelect
          id={id}
          value={to}
          onChange={(e) => {
            setTo(e.target.value)
          }}
        >
          <option value="">{t('voting.chooseMember')}</option>
          {(members.data ?? [])
            .filter((m) => m.id !== user?.id)
            .map((m) => (
              <option key={m.id} value={m.id}>
                {m.fullName}
              </option>
            ))}
        </NativeSelect>
        <SubmitButton pending={delegate.isPending} disabled={!to}>
          {t('voting.delegate')}
        </SubmitButton>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-junta`}
          checked={wholeJunta}
          onChange={(e) => {
            setWholeJunta(e.target.checked)
          }}
        />
        <Label htmlFor={`${id}-junta`} className="font-normal">
          {t('voting.delegateWholeJunta', { date: juntaDate })}
        </Label>
      </div>
    </form>
  )
}

/** Art. 17.8: an absent owner objects within the 30 days. */
function Objection({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  const object = useObject()
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <p>{t('voting.objectionHelp')}</p>
      <Button
        variant="outline"
        disabled={object.isPending}
        onClick={() => {
          object.mutate(poll.id, {
            onError: (err) => {
              toast.error(t('common.error'), { description: failureText(t('voting.toasts.objectError'), err) })
            },
          })
        }}
      >
        {t('voting.object')}
      </Button>
    </div>
  )
}

function Receipts({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  if (poll.options.every((o) => o.receipts.length === 0)) return null
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">{t('voting.receipts')}</summary>
      <dl className="mt-2 flex flex-col gap-2">
        {poll.options.map((o) => (
          <div key={o.id}>
            <dt className="font-medium">{o.text}</dt>
            <dd className="font-mono text-xs break-all">{o.receipts.join(' ') || '—'}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/** Art. 15.2: an admin leaves a unit's cuota out of a junta vote, with the reason, until the vote closes (the server refuses once the owner voted). */
function DeprivedUnits({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  const deprive = useDeprive()
  const [unit, setUnit] = useState('')
  const [reason, setReason] = useState('')
  const run = (unitId: string, why: string | null) => {
    deprive.mutate(
      { id: poll.id, unitId, reason: why },
      {
        onSuccess: () => {
          setUnit('')
          setReason('')
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: failureText(t('voting.toasts.depriveError'), err) })
        },
      },
    )
  }
  const deprived = poll.units.filter((u) => u.deprivedReason)
  // Units that owe receipts past their due date: art. 15.2 proposes depriving them; the admin confirms.
  const inDebt = poll.units.filter((u) => !u.deprivedReason && u.debtCents != null)
  return (
    <div className="mt-3 flex flex-col gap-2">
      <p className="font-medium">{t('voting.deprivedTitle')}</p>
      {inDebt.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('moneyDebt.proposal.title')}>
          {inDebt.map((u) => (
            <li key={u.unitId} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-orange-300 p-2">
              <span>{t('moneyDebt.proposal.owes', { unit: u.label, amount: euros(u.debtCents ?? 0) })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={deprive.isPending}
                onClick={() => {
                  run(u.unitId, t('moneyDebt.proposal.reason', { amount: euros(u.debtCents ?? 0) }))
                }}
              >
                {t('moneyDebt.proposal.confirm')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deprived.map((u) => (
        <div key={u.unitId} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {u.label}: {u.deprivedReason}
          </span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              run(u.unitId, null)
            }}
          >
            {t('voting.restoreVote')}
          </Button>
        </div>
      ))}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          if (unit && reason.trim()) run(unit, reason.trim())
        }}
      >
        <Label htmlFor={`deprive-unit-${poll.id}`}>{t('voting.depriveUnit')}</Label>
        <NativeSelect
          id={`deprive-unit-${poll.id}`}
          value={unit}
          onChange={(e) => {
            setUnit(e.target.value)
          }}
        >
          <option value="">{t('voting.chooseUnit')}</option>
          {poll.units
            .filter((u) => !u.deprivedReason)
            .map((u) => (
              <option key={u.unitId} value={u.unitId}>
                {u.label}
              </option>
            ))}
        </NativeSelect>
        <Label htmlFor={`deprive-reason-${poll.id}`}>{t('voting.depriveReason')}</Label>
        <Input
          id={`deprive-reason-${poll.id}`}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value)
          }}
        />
        <SubmitButton pending={deprive.isPending} disabled={!unit || !reason.trim()}>
          {t('voting.deprive')}
        </SubmitButton>
      </form>
    </div>
  )
}

function AdminActions({ poll, admin, onEdit }: { poll: Poll; admin: boolean; onEdit: (poll: Poll) => void }) {
  const { t } = useTranslation()
  const publish = usePublishPoll()
  const close = useClosePoll()
  const remove = useDeletePoll()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const failed = (what: string) => (err: unknown) => {
    toast.error(t('common.error'), { description: failureText(what, err) })
  }
  const records = poll.status === 'closed' || admin
  return (
    <div className="flex flex-wrap gap-2">
      {poll.canEdit && (
        <>
          <Button
            variant="outline"
            onClick={() => {
              onEdit(poll)
            }}
          >
            {t('voting.edit')}
          </Button>
          <Button
            disabled={publish.isPending}
            onClick={() => {
              publish.mutate(poll.id, { onError: failed(t('voting.toasts.publishError')) })
            }}
          >
            {t('voting.publish')}
          </Button>
          <Button
            variant="ghost"
            className="text-destructive"
            onClick={() => {
              setConfirmDelete(true)
            }}
          >
            {t('voting.delete')}
          </Button>
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={t('voting.deleteTitle')}
            description={t('voting.deleteDescription', { title: poll.title })}
            cancelLabel={t('voting.cancel')}
            confirmLabel={t('voting.delete')}
            pending={remove.isPending}
            onConfirm={() => {
              remove.mutate(poll.id, {
                onSuccess: () => {
                  setConfirmDelete(false)
                  toast.success(t('voting.toasts.deleted'), { duration: 2000 })
                },
                onError: failed(t('voting.toasts.deleteError')),
              })
            }}
          />
        </>
      )}
      {admin && poll.status === 'open' && (
        <Button
          variant="outline"
          disabled={close.isPending}
          onClick={() => {
            close.mutate(poll.id, { onError: failed(t('voting.toasts.closeError')) })
          }}
        >
          {t('voting.close')}
        </Button>
      )}
      {records && poll.status !== 'draft' && (
        <>
          <Button variant="ghost" asChild>
            <Link to={`/voting?acta=${encodeURIComponent(poll.id)}`}>{t('voting.acta')}</Link>
          </Button>
          <Button variant="ghost" asChild>
            <a href={recordCsvUrl(poll.id)} download="votacion.csv">
              {t('voting.downloadCsv')}
            </a>
          </Button>
        </>
      )}
    </div>
  )
}
