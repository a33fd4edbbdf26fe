import { parse } from 'date-fns'
import { useState } from 'react'
import { SelectField } from '@/components/select-field'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { addressText, mandatePdfUrl, useMandates, type Mandate } from './api/sepa'

type Status = Mandate['status']

const STATUSES: readonly Status[] = ['active', 'paused', 'revoked']

const BADGES: Record<Status, BadgeVariant> = { active: 'green', paused: 'orange', revoked: 'secondary' }

/**
 * 'Cuentas' → 'Mandatos': every SEPA mandate the owners signed, as the API lists them (active, paused,
 * revoked, each by unit), filtered by status. The accounts come masked from the server.
 */
export function MandatesPanel() {
  const { t } = useTranslation()
  const mandates = useMandates()
  const [status, setStatus] = useState<Status | ''>('')
  const all = mandates.data?.items ?? []
  const shown = status === '' ? all : all.filter((m) => m.status === status)
  const counted = (s: Status) => all.filter((m) => m.status === s).length
  return (
    <Card role="region" aria-labelledby="mandates-title">
      <CardHeader>
        <CardTitle id="mandates-title">{t('sepa.mandates.title')}</CardTitle>
        <CardDescription>{t('sepa.mandates.subtitle')}</CardDescription>
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
          <p className="text-muted-foreground">{t('sepa.mandates.empty')}</p>
        ) : (
          <>
            <SelectField
              id="mandates-status"
              label={t('sepa.mandates.filter')}
              value={status}
              emptyOption={t('sepa.mandates.all', { count: all.length })}
              options={STATUSES.map((s) => ({ value: s, label: t(`sepa.mandates.filterStatus.${s}`, { count: counted(s) }) }))}
              onChange={(e) => { setStatus(e.target.value as Status | '') }}
            />
            <p role="status" className="font-semibold">
              {t('sepa.mandates.count', { count: shown.length })}
            </p>
            {shown.length > 0 && (
              <ul className="flex flex-col gap-2" aria-label={t('sepa.mandates.list')}>
                {shown.map((m) => (
                  <MandateItem key={m.id} mandate={m} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function MandateItem({ mandate: m }: { mandate: Mandate }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const label = `${m.unitLabel} · ${m.reference}`
  const term = (key: 'reference' | 'iban' | 'signedOn' | 'collections' | 'returns' | 'address') => (
    <dt className="text-muted-foreground">{t(`sepa.mandates.fields.${key}`)}</dt>
  )
  return (
    <li aria-label={label} className="flex flex-col gap-2 rounded-xl border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">
          {m.unitLabel} · {m.debtorName}
        </h3>
        <Badge variant={BADGES[m.status]}>{t(`sepa.mandates.status.${m.status}`)}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {term('reference')}
        <dd className="break-words">{m.reference}</dd>
        {term('iban')}
        <dd className="font-mono break-words">{m.iban}</dd>
        {term('signedOn')}
        <dd>{format.date(parse(m.signedOn, 'yyyy-MM-dd', new Date()))}</dd>
        {m.endedAt != null && m.status !== 'active' && (
          <>
            <dt className="text-muted-foreground">{t(`sepa.mandates.fields.ended.${m.status}`)}</dt>
            <dd>{format.date(m.endedAt)}</dd>
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
      {m.addressRequired && !m.debtorAddress && m.status !== 'revoked' && (
        <p className="text-destructive">{t('sepa.mandates.addressMissing')}</p>
      )}
      <a className="self-start text-primary underline" href={mandatePdfUrl(m.id)} download>
        {t('sepa.mandates.pdf', { reference: m.reference })}
      </a>
    </li>
  )
}
