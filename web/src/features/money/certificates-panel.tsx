import { useState } from 'react'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { euros, useMoneyGroups } from './api/money'
import {
  certificatePdfUrl,
  useCertificates,
  useIssueCertificate,
  useRequestCertificate,
  type Certificate,
  type CertificateKind,
} from './api/debt'
import { unitOptions } from './debt-panel'

const today = () => new Date().toISOString().slice(0, 10)

function useFailed() {
  const { t } = useTranslation()
  return (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
}

/**
 * The certificates of debt (admins, as secretary): the one a seller needs (art. 9.1.e, within 7 days of
 * the request) and the liquidation a junta approved (art. 21). A request is recorded, then issued with the
 * president's visto bueno; the PDF carries a code anyone can check.
 */
export function CertificatesPanel() {
  const { t } = useTranslation()
  const certificates = useCertificates()
  const units = useMoneyGroups().data?.units ?? []
  const request = useRequestCertificate()
  const failed = useFailed()
  const [kind, setKind] = useState<CertificateKind>('debt')
  const [unitId, setUnitId] = useState('')
  const [requestedOn, setRequestedOn] = useState(today())
  const [juntaDate, setJuntaDate] = useState('')
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('moneyDebt.certificates.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <form
          className="flex flex-col gap-3 rounded-xl border p-3"
          aria-label={t('moneyDebt.certificates.request')}
          onSubmit={(e) => {
            e.preventDefault()
            request.mutate(
              { kind, unitId, requestedOn, juntaDate: kind === 'liquidation' ? juntaDate : undefined },
              { onSuccess: () => toast.success(t('moneyDebt.certificates.requested')), onError: failed },
            )
          }}
        >
          <SelectField
            id="certificate-kind"
            label={t('moneyDebt.certificates.kind')}
            value={kind}
            options={(['debt', 'liquidation'] as const).map((k) => ({ value: k, label: t(`moneyDebt.certificates.kinds.${k}`) }))}
            onChange={(e) => { setKind(e.target.value as CertificateKind) }}
          />
          <SelectField
            id="certificate-unit"
            label={t('moneyDebt.certificates.unit')}
            value={unitId}
            emptyOption={t('moneyDebt.certificates.chooseUnit')}
            options={unitOptions(units)}
            onChange={(e) => { setUnitId(e.target.value) }}
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor="certificate-requested">{t('moneyDebt.certificates.requestedOn')}</Label>
            <Input id="certificate-requested" type="date" value={requestedOn} onChange={(e) => { setRequestedOn(e.target.value) }} />
          </div>
          {kind === 'liquidation' && (
            <div className="flex flex-col gap-1">
              <Label htmlFor="certificate-junta">{t('moneyDebt.certificates.juntaDate')}</Label>
              <Input id="certificate-junta" type="date" value={juntaDate} onChange={(e) => { setJuntaDate(e.target.value) }} />
            </div>
          )}
          <Button type="submit" disabled={request.isPending || !unitId}>
            {t('moneyDebt.certificates.record')}
          </Button>
        </form>
        <ul className="flex flex-col gap-2" aria-label={t('moneyDebt.certificates.list')}>
          {(certificates.data?.items ?? []).map((c) => (
            <CertificateItem key={c.id} certificate={c} />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function CertificateItem({ certificate: c }: { certificate: Certificate }) {
  const { t } = useTranslation()
  const issue = useIssueCertificate()
  const failed = useFailed()
  const [president, setPresident] = useState('')
  const late = (c.issuedOn ?? today()) > c.dueOn
  return (
    <li aria-label={`${t(`moneyDebt.certificates.kinds.${c.kind}`)} ${c.unitLabel}`} className="flex flex-col gap-2 rounded-xl border p-3">
      <span className="flex justify-between gap-2 font-semibold">
        <span>
          {t(`moneyDebt.certificates.kinds.${c.kind}`)} · {c.unitLabel}
        </span>
        {c.issuedOn && <span>{c.owedCents === 0 ? t('moneyDebt.certificates.upToDate') : euros(c.owedCents)}</span>}
      </span>
      <span className={late ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {t('moneyDebt.certificates.dates', { requested: c.requestedOn, due: c.dueOn })}
        {c.issuedOn ? ` · ${t('moneyDebt.certificates.issuedOn', { date: c.issuedOn })}` : ''}
        {late ? ` · ${t('moneyDebt.certificates.late')}` : ''}
      </span>
      {c.issuedOn && c.code ? (
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-mono text-xs">{t('moneyDebt.certificates.code', { code: c.code })}</span>
          <a className="text-primary underline" href={certificatePdfUrl(c.id)} download>
            {t('moneyDebt.certificates.pdf')}
          </a>
        </span>
      ) : (
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            issue.mutate(
              { id: c.id, presidentName: president },
              { onSuccess: () => toast.success(t('moneyDebt.certificates.issued')), onError: failed },
            )
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Label htmlFor={`president-${c.id}`}>{t('moneyDebt.certificates.president')}</Label>
            <Input id={`president-${c.id}`} value={president} onChange={(e) => { setPresident(e.target.value) }} />
          </div>
          <Button type="submit" disabled={issue.isPending}>
            {t('moneyDebt.certificates.issue')}
          </Button>
        </form>
      )}
    </li>
  )
}
