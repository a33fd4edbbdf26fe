import { CheckCircle2, CircleAlert, FileDown, Gavel, Users } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import {
  useJuntaAttendance,
  useJuntaViewers,
  usePointRecord,
  useJuntaStep,
  useRecordVote,
  useReviewProxy,
  useSetAttendance,
  type Attendance,
  type AttendanceStatus,
  type Attendee,
  type Junta,
} from '../api/juntas'
import { inTabCommunity } from '@/lib/tab-community'
import { ProxyText } from './proxy-card'

function onError(title: string) {
  return (err: unknown) => {
    toast.error(title, { description: err instanceof ApiError ? err.detail : undefined })
  }
}

/** The secretary's screen on the day: each owner present, represented or absent, the live quorum, and the votes. */
export function AttendanceTab({ junta }: { junta: Junta }) {
  const { t } = useTranslation()
  const attendance = useJuntaAttendance(junta.id, junta.status !== 'borrador')
  const viewers = useJuntaViewers(junta.id, junta.status !== 'borrador')
  const hold = useJuntaStep('hold')
  if (junta.status === 'borrador') return <p className="text-sm text-muted-foreground">{t('juntas.attendance.notConvened')}</p>
  if (attendance.isPending) return <p role="status">{t('juntas.loading')}</p>
  if (attendance.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>{t('juntas.loadError')}</p>
        <Button variant="outline" onClick={() => void attendance.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    )
  }
  const a = attendance.data
  return (
    <div className="flex flex-col gap-4">
      <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Users aria-hidden className="size-4" />
        {viewers.data && viewers.data.length > 0
          ? t('juntas.attendance.viewers', { names: viewers.data.map((v) => v.name).join(', ') })
          : t('juntas.attendance.viewersNone')}
      </p>
      <QuorumPanel attendance={a} />
      {!a.begun && <p className="text-sm text-muted-foreground">{t('juntas.attendance.notBegun')}</p>}
      {a.locked && <p className="text-sm text-muted-foreground">{t('juntas.attendance.locked')}</p>}
      <ul className="flex flex-col gap-2" aria-label={t('juntas.attendance.listLabel')}>
        {a.attendees.map((at) => (
          <li key={at.userId}>
            <AttendeeRow juntaId={junta.id} attendee={at} disabled={!a.begun || a.locked} />
          </li>
        ))}
        {a.ownerless.map((u) => (
          <li key={u.label} className="rounded-xl border border-dashed p-3 text-sm text-muted-foreground">
            {t('juntas.attendance.ownerless', { unit: u.label, cuota: u.cuota })}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {junta.status === 'convocada' && a.begun && (
          <Button
            disabled={hold.isPending}
            onClick={() => {
              hold.mutate(junta.id, {
                onSuccess: () => toast.success(t('juntas.toasts.held')),
                onError: onError(t('juntas.toasts.error')),
              })
            }}
          >
            <Gavel aria-hidden />
            {t('juntas.attendance.hold')}
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={inTabCommunity(`/api/v1/juntas/${junta.id}/attendance.pdf`)} download>
            <FileDown aria-hidden />
            {t('juntas.attendance.sheet')}
          </a>
        </Button>
      </div>
      {junta.status === 'celebrada' && (
        <section aria-labelledby="room-votes" className="flex flex-col gap-3">
          <h2 id="room-votes" className="text-lg font-semibold">
            {t('juntas.votes.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('juntas.votes.hint')}</p>
          {junta.points
            .filter((p) => p.pollId)
            .map((p) => (
              <PointVotes
                key={p.id}
                juntaId={junta.id}
                pointId={p.id}
                pollId={p.pollId ?? ''}
                title={`${p.position}. ${p.title}`}
                attendees={a.attendees.filter((x) => x.status === 'present' || x.status === 'represented')}
              />
            ))}
        </section>
      )}
    </div>
  )
}

function QuorumPanel({ attendance }: { attendance: Attendance }) {
  const { t } = useTranslation()
  const q = attendance.quorum
  return (
    <section aria-labelledby="quorum" aria-live="polite" className="rounded-2xl border bg-card p-4">
      <h2 id="quorum" className="font-semibold">
        {t('juntas.attendance.quorumTitle')}
      </h2>
      <p className="text-sm">{t('juntas.attendance.owners', { in: q.ownersIn, total: q.owners })}</p>
      <p className="text-sm">{t('juntas.attendance.cuotas', { in: q.cuotaIn, total: q.cuota })}</p>
      <p className={'mt-1 flex items-center gap-1.5 text-sm font-medium ' + (q.met ? 'text-green-700 dark:text-green-300' : '')}>
        {q.met ? <CheckCircle2 className="size-4" aria-hidden /> : <CircleAlert className="size-4" aria-hidden />}
        {q.met ? t('juntas.attendance.quorumMet') : t('juntas.attendance.quorumNotMet')}
      </p>
    </section>
  )
}

function AttendeeRow({ juntaId, attendee, disabled }: { juntaId: string; attendee: Attendee; disabled: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const set = useSetAttendance()
  const review = useReviewProxy()
  const proxy = attendee.proxy
  const validProxy = proxy && (proxy.status === 'signed' || proxy.status === 'accepted') ? proxy : null
  const [representative, setRepresentative] = useState(attendee.representative || (validProxy?.delegateName ?? ''))
  const [representing, setRepresenting] = useState(attendee.status === 'represented')
  const mark = (status: AttendanceStatus, rep?: string) => {
    set.mutate({ id: juntaId, ownerId: attendee.userId, status, representative: rep }, { onError: onError(t('juntas.toasts.error')) })
  }
  const statuses: AttendanceStatus[] = ['present', 'represented', 'absent']
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-3">
      <fieldset className="flex flex-col gap-2" disabled={disabled || set.isPending}>
        <legend className="sr-only">{attendee.name}</legend>
        <p className="font-medium" aria-hidden>
          {attendee.name}
        </p>
        <p className="text-xs text-muted-foreground">
          {attendee.units.join(', ')} · {t('juntas.attendance.cuota', { cuota: attendee.cuota })}
          {attendee.status && ` · ${t(`juntas.attendance.status.${attendee.status}`)}`}
          {attendee.status === 'represented' && attendee.representative && ` (${attendee.representative})`}
        </p>
        <div className="grid grid-cols-3 gap-1" role="group" aria-label={t('juntas.attendance.markLabel', { name: attendee.name })}>
          {statuses.map((s) => (
            <Button
              key={s}
              type="button"
              size="sm"
              variant={attendee.status === s || (s === 'represented' && representing && !attendee.status) ? 'default' : 'outline'}
              aria-pressed={attendee.status === s}
              onClick={() => {
                if (s === 'represented') {
                  setRepresenting(true)
                  if (representative.trim()) mark(s, representative.trim())
                  return
                }
                setRepresenting(false)
                mark(s)
              }}
            >
              {t(`juntas.attendance.status.${s}`)}
            </Button>
          ))}
        </div>
        {representing && (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              if (representative.trim()) mark('represented', representative.trim())
            }}
          >
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Label htmlFor={`${id}-rep`} className="text-xs">
                {t('juntas.attendance.representative', { name: attendee.name })}
              </Label>
              <Input id={`${id}-rep`} maxLength={200} value={representative} onChange={(e) => { setRepresentative(e.target.value); }} />
            </div>
            <Button type="submit" size="sm">
              {t('juntas.attendance.save')}
            </Button>
          </form>
        )}
      </fieldset>
      {proxy && (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span>
            <ProxyText proxy={proxy} />
          </span>
          {proxy.paperUrl && (
            <a className="underline" href={inTabCommunity(proxy.paperUrl)} target="_blank" rel="noreferrer">
              {t('juntas.proxy.seePaper')}
            </a>
          )}
          {proxy.status === 'pending' &&
            ([true, false] as const).map((accept) => (
              <Button
                key={String(accept)}
                type="button"
                size="sm"
                variant={accept ? 'default' : 'outline'}
                disabled={review.isPending}
                onClick={() => {
                  review.mutate(
                    { id: juntaId, ownerId: attendee.userId, accept },
                    { onSuccess: () => toast.success(t('juntas.proxy.reviewed')), onError: onError(t('juntas.toasts.error')) },
                  )
                }}
              >
                {t(accept ? 'juntas.proxy.accept' : 'juntas.proxy.reject')}
              </Button>
            ))}
        </div>
      )}
    </div>
  )
}

interface PointVotesProps {
  juntaId: string
  pointId: string
  pollId: string
  title: string
  attendees: Attendee[]
}

/** The votes of one point: what each owner in the room voted, recorded by the secretary. */
function PointVotes({ juntaId, pointId, pollId, title, attendees }: PointVotesProps) {
  const { t } = useTranslation()
  const record = usePointRecord(pollId)
  const vote = useRecordVote()
  if (record.isPending) return <p role="status">{t('juntas.loading')}</p>
  if (record.isError) return <p role="alert">{t('juntas.loadError')}</p>
  const { poll, voters } = record.data
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-3">
      <h3 className="font-medium">{title}</h3>
      {poll.decision && <p className="text-xs text-muted-foreground">{poll.decision.reason}</p>}
      {poll.decision && (poll.decision.reach ?? []).length > 0 && (
        <ul className="flex flex-wrap gap-1 text-xs" aria-label={t('juntas.votes.reachLabel')} aria-live="polite">
          {(poll.decision.reach ?? []).map((r) => (
            <li
              key={r.majority}
              className={
                'rounded-full border px-2 py-0.5 ' +
                (r.majority === poll.majority ? 'border-primary font-medium ' : '') +
                (r.reach === 'unreachable' ? 'text-muted-foreground line-through' : '')
              }
            >
              {t(`juntas.majority.${r.majority}`)}: {t(`juntas.votes.reach.${r.reach}`)}
            </li>
          ))}
        </ul>
      )}
      {attendees.map((at) => {
        const voted = voters.find((v) => v.voterName === at.name)
        const chosen = poll.options.find((o) => o.id === voted?.optionId)
        return (
          <div key={at.userId} className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 flex-1 truncate">{at.name}</span>
            {voted ? (
              <span className="font-medium">{chosen?.text ?? t('juntas.votes.voted')}</span>
            ) : (
              <NativeSelect
                className="h-9 w-40"
                aria-label={t('juntas.votes.choose', { name: at.name, point: title })}
                value=""
                disabled={poll.status !== 'open' || vote.isPending}
                onChange={(e) => {
                  vote.mutate(
                    { id: juntaId, pointId, ownerId: at.userId, optionId: e.target.value },
                    { onError: onError(t('juntas.toasts.error')) },
                  )
                }}
              >
                <option value="">{t('juntas.votes.pending')}</option>
                {poll.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.text}
                  </option>
                ))}
              </NativeSelect>
            )}
          </div>
        )
      })}
    </div>
  )
}
