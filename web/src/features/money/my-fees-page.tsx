import { useState } from 'react'
import { ListPage } from '@/components/list-page'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useTranslation } from '@/lib/i18n'
import { euros, statementCsvUrl, useMyMoney, useStatement, type Periodicity, type UnitCuota } from './api/money'
import { receiptPdfUrl, statementPdfUrl } from './api/debt'
import { MyDebtCard, SharingCard } from './my-debt'
import { receiptStateText } from './api/sepa'
import { MandateCard } from './mandate-card'

/** /my-fees, 'Mis cuotas': what each unit I own pays and why, my receipts and my statement. */
export function MyFeesPage() {
  const { t } = useTranslation()
  const mine = useMyMoney()
  const cuotas = mine.data?.cuotas ?? []
  const receipts = mine.data?.receipts ?? []
  const periodicity = (mine.data?.periodicity ?? 'quarterly') as Periodicity
  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('money.mine.title')}</h1>
        <p className="text-muted-foreground">{t('money.mine.subtitle')}</p>
      </header>
      {mine.isPending && <Skeleton className="h-32 w-full" />}
      {mine.data && cuotas.length === 0 && receipts.length === 0 && <p className="text-muted-foreground">{t('money.mine.nothing')}</p>}
      {cuotas.length > 0 && <MyDebtCard />}
      {cuotas.map((c) => (
        <CuotaCard key={c.unit.id} cuota={c} periodicity={periodicity} year={mine.data?.year ?? 0} />
      ))}
      {receipts.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{t('money.mine.receipts')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2" aria-label={t('money.mine.receipts')}>
              {receipts.map((r) => (
                <li key={r.id} aria-label={`${r.code} ${r.unitLabel}`} className="flex flex-col gap-1 rounded-xl border p-3 text-sm">
                  <span className="flex justify-between gap-2 font-semibold">
                    <span>
                      {r.code} · {r.unitLabel}
                    </span>
                    <span>{euros(r.amountCents)}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t('money.mine.due', { date: r.dueDate })} · {receiptStateText(t, r)}
                  </span>
                  <a className="text-xs text-primary underline" href={receiptPdfUrl(r.id)} download>
                    {t('moneyDebt.receiptPdf', { code: r.code })}
                  </a>
                  <ul className="text-xs">
                    {(r.lines ?? []).map((l, i) => (
                      <li key={i} className="flex justify-between gap-2">
                        <span>{l.concept}</span>
                        <span>{euros(l.amountCents)}</span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      {cuotas.length > 0 && <StatementCard units={cuotas.map((c) => c.unit)} />}
      {cuotas.map((c) => (
        <SharingCard key={c.unit.id} unit={c.unit} />
      ))}
      <MandateCard />
    </ListPage>
  )
}

function CuotaCard({ cuota, periodicity, year }: { cuota: UnitCuota; periodicity: Periodicity; year: number }) {
  const { t } = useTranslation()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{cuota.unit.label}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="text-base font-semibold">
          {t('money.cuotas.perPeriod', { amount: euros(cuota.periods?.[0] ?? 0), period: t(`money.periodicity.${periodicity}`) })}
        </p>
        <p className="text-muted-foreground">{t('money.mine.yearTotal', { year, total: euros(cuota.annualCents) })}</p>
        <ul className="flex flex-col gap-1" aria-label={t('money.mine.why')}>
          {(cuota.lines ?? []).map((l, i) => (
            <li key={i} className="flex justify-between gap-2">
              <span>
                {l.concept} <span className="text-xs text-muted-foreground">({l.groupName})</span>
              </span>
              <span>{euros(l.annualCents)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function StatementCard({ units }: { units: { id: string; label: string }[] }) {
  const { t } = useTranslation()
  const [unitId, setUnitId] = useState(units[0]?.id)
  const statement = useStatement(unitId)
  const st = statement.data
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('money.mine.statement')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {units.length > 1 && (
          <select aria-label={t('money.mine.unit')} value={unitId} onChange={(e) => { setUnitId(e.target.value); }} className="h-11 rounded-xl border px-3">
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.label}
              </option>
            ))}
          </select>
        )}
        {st && (
          <>
            <ul className="flex flex-col gap-1" aria-label={t('money.mine.statement')}>
              {(st.entries ?? []).map((e) => (
                <li key={e.id} className="grid grid-cols-[auto_1fr_auto] gap-2">
                  <span className="text-xs text-muted-foreground">{e.date}</span>
                  <span className="min-w-0 truncate">{e.note}</span>
                  <span>{euros(e.amountCents)}</span>
                </li>
              ))}
            </ul>
            <p className="font-semibold">{t('money.mine.balance', { amount: euros(st.closingCents) })}</p>
            {unitId && (
              <span className="flex flex-wrap gap-4">
                <a className="text-primary underline" href={statementCsvUrl(unitId)} download>
                  {t('money.mine.csv')}
                </a>
                <a className="text-primary underline" href={statementPdfUrl(unitId)} download>
                  {t('moneyDebt.statementPdf')}
                </a>
              </span>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
