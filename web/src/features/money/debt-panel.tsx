import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { euros, type MoneyUnit } from './api/money'
import { useDebtSettings, useDebts, useSaveGraceDays, type UnitDebt } from './api/debt'

/** The admins' debt report (morosidad): every unit in debt with the age of each debt, and the days of grace. */
export function DebtPanel() {
  const { t } = useTranslation()
  const debts = useDebts()
  const units = debts.data?.units ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('moneyDebt.report.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="text-muted-foreground">{t('moneyDebt.report.private')}</p>
        <GraceDays />
        {debts.data && units.length === 0 && <p>{t('moneyDebt.report.none')}</p>}
        {units.length > 0 && (
          <>
            <p className="font-semibold">
              {t('moneyDebt.report.total', { count: units.length, total: euros(debts.data?.totalCents ?? 0) })}
            </p>
            <DebtList units={units} label={t('moneyDebt.report.title')} />
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** Units in debt, each with its overdue receipts and their age. */
export function DebtList({ units, label }: { units: UnitDebt[]; label: string }) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-col gap-2" aria-label={label}>
      {units.map((d) => (
        <li key={d.unit.id} aria-label={d.unit.label} className="flex flex-col gap-1 rounded-xl border border-destructive/40 p-3">
          <span className="flex justify-between gap-2 font-semibold">
            <span className="min-w-0 truncate">
              {d.unit.label}
              {d.unit.ownerName && <span className="font-normal text-muted-foreground"> · {d.unit.ownerName}</span>}
            </span>
            <span className="text-destructive">{euros(d.owedCents)}</span>
          </span>
          <ul className="text-xs">
            {(d.receipts ?? []).map((r) => (
              <li key={r.receiptId} className="flex justify-between gap-2">
                <span>
                  {r.code} · {r.periodKey}
                </span>
                <span>
                  {euros(r.owedCents)} · {t('moneyDebt.report.age', { count: r.ageDays })}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}

function GraceDays() {
  const { t } = useTranslation()
  const settings = useDebtSettings()
  const save = useSaveGraceDays()
  const [days, setDays] = useState<string>()
  const value = days ?? String(settings.data?.graceDays ?? 0)
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(Number(value), {
          onSuccess: () => {
            setDays(undefined)
            toast.success(t('money.saved'))
          },
          onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
        })
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor="grace-days">{t('moneyDebt.report.graceDays')}</Label>
        <Input id="grace-days" type="number" min={0} max={365} className="w-28" value={value} onChange={(e) => { setDays(e.target.value) }} />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending || days === undefined}>
        {t('moneyDebt.report.saveGrace')}
      </Button>
    </form>
  )
}

/** The units as the certificate form lists them. */
export function unitOptions(units: MoneyUnit[]) {
  return units.map((u) => ({ value: u.id, label: u.ownerName ? `${u.label} · ${u.ownerName}` : u.label }))
}
