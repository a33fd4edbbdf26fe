import { parse } from 'date-fns'
import { useState, type SyntheticEvent } from 'react'
import { SelectField } from '@/components/select-field'
import { SubmitButton } from '@/components/submit-button'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { RevokeMandateInputBody as limits } from '@/lib/api/limits'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { addressText, mandatePdfUrl, useMandates, useRevokeMandate, type Mandate } from './api/sepa'
import './mandates-texts'

type Status = Mandate['status']
/** What the filter picks: a status, or the mandates in force that expired (36 months unused). */
type Shown = Status | 'expired'

const FILTERS: readonly Shown[] = ['active', 'paused', 'revoked', 'expired']

const BADGES: Record<Shown, BadgeVariant> = { active: 'green', paused: 'orange', revoked: 'secondary', expired: 'red' }

const matches = (m: Mandate, f: Shown) => (f === 'expired' ? m.expired : m.status === f)

/** A mandate's date (YYYY-MM-DD) as a Date of the local calendar. */
const localDay = (day: string) => parse(day, 'yyyy-MM-dd', new Date())

/**
 * 'Cuentas' → 'Mandatos': every SEPA mandate the owners signed, as the API lists them (active, paused,
 * revoked, each by unit), filtered by status or expiry. The accounts come masked from the server. An admin
 * revokes a mandate in force here, saying why.
 */
export function MandatesPanel() {
  const { t } = useTranslation()
  const mandates = useMandates()
  const [status, setStatus] = useState<Shown | ''>('')
  const [revoking, setRevoking] = useState<Mandate>()
  const all = mandates.data?.items ?? []
  const shown = status === '' ? all : all.filter((m) => matches(m, status))
  const counted = (f: Shown) => all.filter((m) => matches(m, f)).length
  return (
    <Card role="region" aria-labelledby="mandates-title">
      <CardHeader>
        <CardTitle id="mandates-title">{t('sepaMandates.title')}</CardTitle>
        <CardDescription>{t('sepaMandates.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {mandates.isPending ? (
          <>
            <p role="status" className="sr-only">
              {t('common.loading')}
            </p>
            <Skeleton className="h-24 w-full" />
          </>
        ) : mandates.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p role="alert" className="text-destructive">
              {problemMessage(mandates.error, t)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void mandates.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : all.length === 0 ? (
          <p className="text-muted-foreground">{t('sepaMandates.empty')}</p>
        ) : (
          <>
            <SelectField
              id="mandates-status"
              label={t('sepaMandates.filter')}
              value={status}
              emptyOption={t('sepaMandates.all', { count: all.length })}
              options={FILTERS.map((s) => ({ value: s, label: t(`sepaMandates.filterStatus.${s}`, { count: counted(s) }) }))}
              onChange={(e) => { setStatus(e.target.value as Shown | '') }}
            />
            <p role="status" className="font-semibold">
              {t('sepaMandates.count', { count: shown.length })}
            </p>
            {shown.length > 0 && (
              <ul className="flex flex-col gap-2" aria-label={t('sepaMandates.list')}>
                {shown.map((m) => (
                  <MandateItem key={m.id} mandate={m} onRevoke={() => { setRevoking(m) }} />
                ))}
              </ul>
            )}
          </>
        )}
        <RevokeDialog
          mandate={revoking}
          onOpenChange={(open) => {
            if (!open) setRevoking(undefined)
          }}
        />
      </CardContent>
    </Card>
  )
}

function MandateItem({ mandate: m, onRevoke }: { mandate: Mandate; onRevoke: () => void }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const label = `${m.unitLabel} · ${m.reference}`
  const term = (key: 'reference' | 'iban' | 'signedOn' | 'lastCollection' | 'collections' | 'returns' | 'address' | 'endReason') => (
    <dt className="text-muted-foreground">{t(`sepaMandates.fields.${key}`)}</dt>
  )
  const inForce = m.status !== 'revoked'
  return (
    <li aria-label={label} className="flex flex-col gap-2 rounded-xl border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">
          {m.unitLabel} · {m.debtorName}
        </h3>
        <span className="flex flex-wrap gap-1">
          <Badge variant={BADGES[m.status]}>{t(`sepaMandates.status.${m.status}`)}</Badge>
          {m.expired && <Badge variant={BADGES.expired}>{t('sepaMandates.status.expired')}</Badge>}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {term('reference')}
        <dd className="break-words">{m.reference}</dd>
        {term('iban')}
        <dd className="font-mono break-words">{m.iban}</dd>
        {term('signedOn')}
        <dd>{format.date(localDay(m.signedOn))}</dd>
        {m.endedAt != null && m.status === 'paused' && (
          <>
            <dt className="text-muted-foreground">{t('sepaMandates.fields.ended.paused')}</dt>
            <dd>{format.date(m.endedAt)}</dd>
          </>
        )}
        {m.endedAt != null && m.status === 'revoked' && (
          <>
            <dt className="text-muted-foreground">{t('sepaMandates.fields.ended.revoked')}</dt>
            <dd className="break-words">
              {m.endedByName
                ? t('sepaMandates.fields.endedBy', { date: format.date(m.endedAt), name: m.endedByName })
                : format.date(m.endedAt)}
            </dd>
          </>
        )}
        {m.endReason && (
          <>
            {term('endReason')}
            <dd className="break-words whitespace-pre-line">{m.endReason}</dd>
          </>
        )}
        {term('lastCollection')}
        <dd>{m.lastCollectionOn ? format.date(localDay(m.lastCollectionOn)) : t('sepaMandates.fields.neverCollected')}</dd>
        {inForce && (
          <>
            <dt className="text-muted-foreground">{t(m.expired ? 'sepaMandates.fields.expiredOn' : 'sepaMandates.fields.expiresOn')}</dt>
            <dd className={m.expired ? 'text-destructive' : undefined}>{format.date(localDay(m.expiresOn))}</dd>
          </>
        )}
        {term('collections')}
        <dd>{m.collections}</dd>
        {term('returns')}
        <dd className={m.returns > 0 ? 'text-destructive' : undefined}>{m.returns}</dd>
        {m.debtorAddress && (
          <>
            {term('address')}
            <dd className="break-words">{addressText(m.debtorAddress)}</dd>
          </>
        )}
      </dl>
      {m.expired && <p className="text-destructive">{t('sepaMandates.expiredHint')}</p>}
      {m.addressRequired && !m.debtorAddress && inForce && !m.expired && (
        <p className="text-destructive">{t('sepaMandates.addressMissing')}</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a className="text-primary underline" href={mandatePdfUrl(m.id)} download>
          {t('sepaMandates.pdf', { reference: m.reference })}
        </a>
        {inForce && (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('sepaMandates.revoke.buttonLabel', { reference: m.reference, unit: m.unitLabel })}
            onClick={onRevoke}
          >
            {t('sepaMandates.revoke.button')}
          </Button>
        )}
      </div>
    </li>
  )
}

/** Asks why before an admin revokes a mandate: the unit, the reference and the holder, and a reason. */
function RevokeDialog({ mandate, onOpenChange }: { mandate?: Mandate; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={mandate !== undefined} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('sepaMandates.revoke.title')}</DialogTitle>
          <DialogDescription>
            {mandate && t('sepaMandates.revoke.description', { reference: mandate.reference, unit: mandate.unitLabel, debtor: mandate.debtorName })}
          </DialogDescription>
        </DialogHeader>
        {mandate && (
          <RevokeForm
            mandate={mandate}
            onDone={() => {
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function RevokeForm({ mandate, onDone }: { mandate: Mandate; onDone: () => void }) {
  const { t } = useTranslation()
  const revoke = useRevokeMandate()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (reason.trim() === '') {
      setMissing(true)
      document.getElementById('mandate-revoke-reason')?.focus()
      return
    }
    revoke.mutate(
      { id: mandate.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('sepaMandates.revoke.done', { reference: mandate.reference }))
          onDone()
        },
        onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
      },
    )
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField
        id="mandate-revoke-reason"
        label={t('sepaMandates.revoke.reason')}
        hint={t('sepaMandates.revoke.reasonHint')}
        error={missing ? t('sepaMandates.revoke.reasonRequired') : undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            required
            aria-required
            maxLength={limits.reason}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              if (e.target.value.trim() !== '') setMissing(false)
            }}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <SubmitButton variant="destructive" pending={revoke.isPending}>
          {t('sepaMandates.revoke.confirm')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}
