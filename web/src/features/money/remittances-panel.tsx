import { parse } from 'date-fns'
import { useState } from 'react'
import { FormButtons } from '@/components/form-buttons'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { euros, parseCents, type Receipt } from './api/money'
import {
  RETURN_REASONS,
  receiptStateText,
  remittanceXmlUrl,
  useCreateRemittance,
  useImportReturns,
  useMandates,
  useRemittance,
  useRemittances,
  useReturnDebit,
  useSepaSettings,
  type Remittance,
  type SkippedReceipt,
} from './api/sepa'
import './mandates-texts'

function useFailed() {
  const { t } = useTranslation()
  return (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
}

/** The first day a remittance may collect: today plus the community's pre-notification days. */
function earliestCollection(days: number): string {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** 'Cuentas' → 'Remesas': build a remittance, download its file, record returns one by one or from a CSV. */
export function RemittancesPanel() {
  const { t } = useTranslation()
  const settings = useSepaSettings()
  const mandates = useMandates()
  const remittances = useRemittances()
  const create = useCreateRemittance()
  const failed = useFailed()
  const [date, setDate] = useState<string>()
  const [open, setOpen] = useState<string>()
  const [skipped, setSkipped] = useState<SkippedReceipt[]>([])
  const collectionDate = date ?? (settings.data ? earliestCollection(settings.data.prenoticeDays) : '')
  // An expired mandate (36 months unused) is still active on paper, but no remittance uses it.
  const active = (mandates.data?.items ?? []).filter((m) => m.status === 'active' && !m.expired).length
  const items = remittances.data?.items ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sepa.remittances.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="text-muted-foreground">{t('sepa.settings.activeMandates', { count: active })}</p>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Label htmlFor="remittance-date">{t('sepa.remittances.collectionDate')}</Label>
            <Input id="remittance-date" type="date" value={collectionDate} onChange={(e) => { setDate(e.target.value); }} />
          </div>
          <Button
            disabled={create.isPending || !collectionDate}
            onClick={() => {
              create.mutate(
                { collectionDate },
                {
                  onSuccess: (r) => {
                    setOpen(r.id)
                    setSkipped(r.skipped ?? [])
                    toast.success(t('sepa.remittances.built', { number: r.number, count: r.debits, total: euros(r.totalCents) }))
                  },
                  onError: failed,
                },
              )
            }}
          >
            {t('sepa.remittances.build')}
          </Button>
        </div>
        {skipped.length > 0 && <SkippedReceipts skipped={skipped} />}
        {remittances.data && items.length === 0 && <p className="text-muted-foreground">{t('sepa.remittances.empty')}</p>}
        <ul className="flex flex-col gap-2" aria-label={t('sepa.remittances.list')}>
          {items.map((r) => (
            <RemittanceItem key={r.id} remittance={r} open={open === r.id} onToggle={() => { setOpen(open === r.id ? undefined : r.id); }} />
          ))}
        </ul>
        <ImportReturns />
      </CardContent>
    </Card>
  )
}

/** The receipts the remittance just built left out, each with why (an expired mandate). */
function SkippedReceipts({ skipped }: { skipped: SkippedReceipt[] }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  return (
    <section aria-labelledby="remittance-skipped" className="flex flex-col gap-1 rounded-xl border border-destructive/40 p-3">
      <h3 id="remittance-skipped" className="font-semibold">
        {t('sepaMandates.skipped.title')}
      </h3>
      <ul className="flex flex-col gap-1">
        {skipped.map((k) => (
          <li key={k.receiptId} className="break-words">
            {t('sepaMandates.skipped.expired', {
              code: k.code,
              unit: k.unitLabel,
              amount: euros(k.amountCents),
              reference: k.mandateReference,
              date: format.date(parse(k.expiresOn, 'yyyy-MM-dd', new Date())),
            })}
          </li>
        ))}
      </ul>
    </section>
  )
}

function RemittanceItem({ remittance, open, onToggle }: { remittance: Remittance; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation()
  const label = t('sepa.remittances.item', { number: remittance.number, date: remittance.collectionDate })
  return (
    <li aria-label={label} className="flex flex-col gap-2 rounded-xl border p-3">
      <span className="font-semibold">{label}</span>
      <span className="text-xs text-muted-foreground">
        {t('sepa.remittances.summary', { count: remittance.debits, total: euros(remittance.totalCents) })} · {remittance.messageId}
      </span>
      <div className="flex flex-wrap gap-2">
        <a className="text-primary underline" href={remittanceXmlUrl(remittance.id)} download>
          {t('sepa.remittances.download')}
        </a>
        <Button variant="outline" size="sm" onClick={onToggle}>
          {t(open ? 'sepa.remittances.close' : 'sepa.remittances.open')}
        </Button>
      </div>
      {open && <RemittanceReceipts id={remittance.id} number={remittance.number} />}
    </li>
  )
}

function RemittanceReceipts({ id, number }: { id: string; number: number }) {
  const { t } = useTranslation()
  const detail = useRemittance(id)
  const [returning, setReturning] = useState<Receipt>()
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label={t('sepa.remittances.receipts', { number })}>
        {(detail.data?.receipts ?? []).map((r) => (
          <li key={r.id} aria-label={`${r.code} ${r.unitLabel}`} className="flex items-center justify-between gap-2 rounded-lg border p-2">
            <span className="min-w-0">
              <span className="block font-medium">
                {r.code} · {r.unitLabel} · {euros(r.debit?.collectedCents ?? r.amountCents)}
              </span>
              <span className="block text-xs text-muted-foreground">
                {r.debit?.sequenceType} · {receiptStateText(t, r)}
                {r.debit?.returnedOn && r.debit.returnReason ? ` · ${r.debit.returnReason}` : ''}
              </span>
            </span>
            {!r.debit?.returnedOn && (
              <Button variant="outline" size="sm" onClick={() => { setReturning(r); }}>
                {t('sepa.remittances.markReturned')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {returning && <ReturnForm receipt={returning} onDone={() => { setReturning(undefined); }} />}
    </div>
  )
}

function ReturnForm({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  const { t } = useTranslation()
  const record = useReturnDebit()
  const failed = useFailed()
  const [reason, setReason] = useState<string>(RETURN_REASONS[0])
  const [charge, setCharge] = useState('')
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border p-3"
      aria-label={t('sepa.remittances.returnTitle', { code: receipt.code })}
      onSubmit={(e) => {
        e.preventDefault()
        const chargeCents = charge.trim() === '' ? 0 : parseCents(charge)
        if (chargeCents === null) {
          toast.error(t('money.badAmount'))
          return
        }
        record.mutate(
          { id: receipt.id, reason, chargeCents },
          {
            onSuccess: () => {
              toast.success(t('sepa.remittances.recorded'))
              onDone()
            },
            onError: failed,
          },
        )
      }}
    >
      <p className="font-semibold">{t('sepa.remittances.returnTitle', { code: receipt.code })}</p>
      <SelectField
        id="return-reason"
        label={t('sepa.remittances.reason')}
        value={reason}
        options={RETURN_REASONS.map((r) => ({ value: r, label: r }))}
        onChange={(e) => { setReason(e.target.value); }}
      />
      <Label htmlFor="return-charge">{t('sepa.remittances.charge')}</Label>
      <Input id="return-charge" inputMode="decimal" value={charge} onChange={(e) => { setCharge(e.target.value); }} />
      <FormButtons submit={t('sepa.remittances.record')} pending={record.isPending} onCancel={onDone} />
    </form>
  )
}

function ImportReturns() {
  const { t } = useTranslation()
  const run = useImportReturns()
  const failed = useFailed()
  const [csv, setCsv] = useState('')
  return (
    <form
      className="flex flex-col gap-2"
      aria-label={t('sepa.remittances.import')}
      onSubmit={(e) => {
        e.preventDefault()
        run.mutate(csv, {
          onSuccess: (r) => {
            setCsv('')
            toast.success(t('sepa.remittances.imported', { count: (r.items ?? []).length }))
          },
          onError: failed,
        })
      }}
    >
      <Label htmlFor="returns-csv">{t('sepa.remittances.import')}</Label>
      <Textarea id="returns-csv" rows={3} value={csv} onChange={(e) => { setCsv(e.target.value); }} />
      <p className="text-xs text-muted-foreground">{t('sepa.remittances.importHint')}</p>
      <Label htmlFor="returns-file">{t('sepa.remittances.importFile')}</Label>
      <Input
        id="returns-file"
        type="file"
        accept=".xml,.csv,.txt,text/xml,application/xml,text/csv,text/plain"
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) void file.text().then(setCsv)
        }}
      />
      <Button type="submit" variant="outline" disabled={run.isPending || csv.trim() === ''}>
        {t('sepa.remittances.importButton')}
      </Button>
    </form>
  )
}
