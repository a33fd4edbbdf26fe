import { useState } from 'react'
import { FormButtons } from '@/components/form-buttons'
import { ListPage } from '@/components/list-page'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import {
  METHODS,
  PERIODICITIES,
  PERIODS,
  euros,
  formatPercent,
  parseCents,
  parsePercent,
  useApproveBudget,
  useBudgets,
  useCreateBudget,
  useCuotas,
  useGenerateReceipts,
  useMoneyGroups,
  useMoneySettings,
  useReceipts,
  useRecordPayment,
  useReviseBudget,
  useSaveBudget,
  useSaveGroup,
  useSaveMoneySettings,
  type Budget,
  type MoneyGroup,
  type MoneyUnit,
  type Periodicity,
  type Receipt,
  type ShareMethod,
} from './api/money'
import { AccountsPanel, ExpensesPanel } from './books-panel'
import { CertificatesPanel } from './certificates-panel'
import { CompensationForm } from './compensation-form'
import { DebtPanel } from './debt-panel'
import { DerramasPanel } from './derramas-panel'
import { receiptStateText } from './api/sepa'
import { MandatesPanel } from './mandates-panel'
import { RemittancesPanel } from './remittances-panel'
import { SepaSettingsCard } from './sepa-settings-card'

function useFailed() {
  const { t } = useTranslation()
  return (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
}

const today = () => new Date().toISOString().slice(0, 10)

/** /money, 'Cuentas': the community's groups, budget, cuotas and receipts (admins only). */
export function MoneyPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [year, setYear] = useState(new Date().getFullYear())
  if (user && user.role !== 'admin') {
    return (
      <ListPage>
        <h1 className="text-2xl font-bold tracking-tight">{t('money.title')}</h1>
        <p className="text-muted-foreground">{t('money.adminsOnly')}</p>
      </ListPage>
    )
  }
  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('money.title')}</h1>
        <p className="text-muted-foreground">{t('money.subtitle')}</p>
      </header>
      <div className="flex items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="money-year">{t('money.year')}</Label>
          <Input id="money-year" type="number" className="w-28" value={year} onChange={(e) => { setYear(Number(e.target.value)); }} />
        </div>
      </div>
      <SettingsCard />
      <GroupsCard />
      <BudgetCard year={year} />
      <CuotasCard year={year} />
      <ReceiptsCard year={year} />
      <DerramasPanel />
      <AccountsPanel />
      <ExpensesPanel year={year} />
      <DebtPanel />
      <CertificatesPanel />
      <SepaSettingsCard />
      <MandatesPanel />
      <RemittancesPanel />
    </ListPage>
  )
}

function SettingsCard() {
  const { t } = useTranslation()
  const settings = useMoneySettings()
  const save = useSaveMoneySettings()
  const failed = useFailed()
  const periodicity = settings.data?.periodicity ?? 'quarterly'
  const saved = { onSuccess: () => toast.success(t('money.saved')), onError: failed }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('money.settings.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <SelectField
          id="money-periodicity"
          label={t('money.settings.periodicity')}
          value={periodicity}
          options={PERIODICITIES.map((p) => ({ value: p, label: t(`money.periodicity.${p}`) }))}
          onChange={(e) => { save.mutate({ periodicity: e.target.value as Periodicity }, saved); }}
        />
        <SelectField
          id="money-overpayments"
          label={t('money.settings.overpayments')}
          value={settings.data?.overpayments ?? 'refuse'}
          options={(['refuse', 'credit'] as const).map((o) => ({ value: o, label: t(`money.settings.overpaymentsOptions.${o}`) }))}
          onChange={(e) => { save.mutate({ periodicity, overpayments: e.target.value as 'refuse' | 'credit' }, saved); }}
        />
      </CardContent>
    </Card>
  )
}

function GroupsCard() {
  const { t } = useTranslation()
  const groups = useMoneyGroups()
  const [editing, setEditing] = useState<MoneyGroup | 'new'>()
  const units = groups.data?.units ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('money.groups.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-col gap-2" aria-label={t('money.groups.title')}>
          {(groups.data?.groups ?? []).map((g) => (
            <li key={g.id} aria-label={g.name} className="flex items-center justify-between gap-2 rounded-xl border p-3">
              <span className="min-w-0">
                <span className="block font-semibold">{g.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {t(`money.method.${g.method}`)} · {t('money.groups.units', { count: (g.shares ?? []).length })}
                </span>
                <span className={g.ready ? 'block text-xs text-primary' : 'block text-xs text-destructive'}>
                  {g.ready ? t('money.groups.ready') : g.problem}
                </span>
              </span>
              {g.editable && (
                <Button variant="outline" size="sm" onClick={() => { setEditing(g); }}>
                  {t('money.edit')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {editing ? (
          <GroupForm group={editing === 'new' ? undefined : editing} units={units} onDone={() => { setEditing(undefined); }} />
        ) : (
          <Button variant="outline" onClick={() => { setEditing('new'); }}>
            {t('money.groups.new')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function GroupForm({ group, units, onDone }: { group?: MoneyGroup; units: MoneyUnit[]; onDone: () => void }) {
  const { t } = useTranslation()
  const save = useSaveGroup()
  const failed = useFailed()
  const [name, setName] = useState(group?.name ?? '')
  const [method, setMethod] = useState<ShareMethod>(group?.method ?? 'percentage')
  const initial: Record<string, string> = {}
  for (const s of group?.shares ?? []) {
    initial[s.unitId] =
      group?.method === 'percentage' ? formatPercent(s.weight ?? 0) : group?.method === 'fixed' ? String((s.weight ?? 0) / 100) : ''
  }
  const [chosen, setChosen] = useState<Record<string, string>>(initial)
  const weighted = method === 'percentage' || method === 'fixed'
  const submit = () => {
    const shares = []
    for (const [unitId, text] of Object.entries(chosen)) {
      const weight = method === 'percentage' ? parsePercent(text) : method === 'fixed' ? parseCents(text) : 1
      if (weight === null) {
        toast.error(t('money.groups.badShare'))
        return
      }
      shares.push({ unitId, weight })
    }
    save.mutate(
      { id: group?.id, body: { name, method, shares } },
      {
        onSuccess: () => {
          toast.success(t('money.saved'))
          onDone()
        },
        onError: failed,
      },
    )
  }
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border p-3"
      aria-label={t('money.groups.form')}
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor="group-name">{t('money.groups.name')}</Label>
        <Input id="group-name" value={name} onChange={(e) => { setName(e.target.value); }} />
      </div>
      <SelectField
        id="group-method"
        label={t('money.groups.method')}
        value={method}
        options={METHODS.map((m) => ({ value: m, label: t(`money.method.${m}`) }))}
        onChange={(e) => { setMethod(e.target.value as ShareMethod); }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t('money.groups.unitsLegend')}</legend>
        {units.map((u) => {
          const on = u.id in chosen
          return (
            <div key={u.id} className="flex items-center gap-2">
              <input
                id={`share-${u.id}`}
                type="checkbox"
                className="size-5"
                checked={on}
                onChange={(e) => {
                  setChosen(
                    e.target.checked
                      ? { ...chosen, [u.id]: '' }
                      : Object.fromEntries(Object.entries(chosen).filter(([id]) => id !== u.id)),
                  )
                }}
              />
              <label htmlFor={`share-${u.id}`} className="min-w-0 flex-1 text-sm">
                {u.label}
              </label>
              {on && weighted && (
                <Input
                  aria-label={t(method === 'percentage' ? 'money.groups.percentOf' : 'money.groups.amountOf', { unit: u.label })}
                  className="h-9 w-24"
                  inputMode="decimal"
                  value={chosen[u.id]}
                  onChange={(e) => { setChosen({ ...chosen, [u.id]: e.target.value }); }}
                />
              )}
            </div>
          )
        })}
      </fieldset>
      <FormButtons submit={t('money.groups.save')} pending={save.isPending} onCancel={onDone} />
    </form>
  )
}

function BudgetCard({ year }: { year: number }) {
  const { t } = useTranslation()
  const budgets = useBudgets(year)
  const create = useCreateBudget()
  const revise = useReviseBudget()
  const failed = useFailed()
  const versions = budgets.data?.items ?? []
  const current = versions[0]
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('money.budget.title', { year })}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!current && !budgets.isPending && (
          <Button onClick={() => { create.mutate(year, { onError: failed }); }}>{t('money.budget.create')}</Button>
        )}
        {current?.status === 'draft' && <BudgetEditor key={current.id} budget={current} />}
        {current?.status === 'approved' && (
          <>
            <BudgetSummary budget={current} />
            <Button variant="outline" onClick={() => { revise.mutate(current.id, { onError: failed }); }}>
              {t('money.budget.revise')}
            </Button>
          </>
        )}
        {versions.length > 1 && (
          <p className="text-xs text-muted-foreground">
            {versions
              .slice(1)
              .map((v) => t('money.budget.version', { version: v.version, status: t(`money.budget.status.${v.status}`) }))
              .join(' · ')}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function BudgetSummary({ budget }: { budget: Budget }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="font-semibold">
        {t('money.budget.approvedOn', { version: budget.version, date: budget.juntaDate ?? '' })}
      </p>
      <ul className="flex flex-col gap-1">
        {(budget.lines ?? []).map((l, i) => (
          <li key={i} className="flex justify-between gap-2">
            <span>{l.concept}</span>
            <span>{euros(l.amountCents)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-2">
          <span>{t('money.budget.reserve')}</span>
          <span>{euros(budget.reserveCents)}</span>
        </li>
        <li className="flex justify-between gap-2 font-semibold">
          <span>{t('money.budget.total')}</span>
          <span>{euros(budget.totalCents)}</span>
        </li>
      </ul>
    </div>
  )
}

interface LineDraft {
  concept: string
  groupId: string
  amount: string
}

function BudgetEditor({ budget }: { budget: Budget }) {
  const { t } = useTranslation()
  const groups = useMoneyGroups()
  const save = useSaveBudget()
  const approve = useApproveBudget()
  const failed = useFailed()
  const [lines, setLines] = useState<LineDraft[]>(
    (budget.lines ?? []).map((l) => ({ concept: l.concept, groupId: l.groupId, amount: String(l.amountCents / 100).replace('.', ',') })),
  )
  const [reserve, setReserve] = useState(budget.reserveCents ? String(budget.reserveCents / 100).replace('.', ',') : '')
  const [juntaDate, setJuntaDate] = useState(today())
  const groupOptions = (groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))
  const parsed = () => {
    const out = []
    for (const l of lines) {
      const cents = parseCents(l.amount)
      if (cents === null) return null
      out.push({ concept: l.concept, groupId: l.groupId, amountCents: cents })
    }
    return out
  }
  const onSave = () => {
    const ls = parsed()
    const reserveCents = reserve.trim() === '' ? undefined : parseCents(reserve)
    if (ls === null || reserveCents === null) {
      toast.error(t('money.badAmount'))
      return
    }
    save.mutate({ id: budget.id, lines: ls, reserveCents }, { onSuccess: () => toast.success(t('money.saved')), onError: failed })
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t('money.budget.draft', { version: budget.version })}</p>
      {lines.map((l, i) => (
        <fieldset key={i} className="flex flex-col gap-2 rounded-xl border p-3">
          <legend className="sr-only">{t('money.budget.line', { n: i + 1 })}</legend>
          <Input
            aria-label={t('money.budget.concept', { n: i + 1 })}
            placeholder={t('money.budget.conceptPlaceholder')}
            value={l.concept}
            onChange={(e) => { setLines(lines.map((x, j) => (j === i ? { ...x, concept: e.target.value } : x))); }}
          />
          <div className="flex gap-2">
            <SelectField
              id={`line-group-${i}`}
              label={t('money.budget.group', { n: i + 1 })}
              value={l.groupId}
              options={groupOptions}
              onChange={(e) => { setLines(lines.map((x, j) => (j === i ? { ...x, groupId: e.target.value } : x))); }}
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor={`line-amount-${i}`}>{t('money.budget.amount', { n: i + 1 })}</Label>
              <Input
                id={`line-amount-${i}`}
                inputMode="decimal"
                className="w-32"
                value={l.amount}
                onChange={(e) => { setLines(lines.map((x, j) => (j === i ? { ...x, amount: e.target.value } : x))); }}
              />
            </div>
          </div>
        </fieldset>
      ))}
      <Button variant="outline" onClick={() => { setLines([...lines, { concept: '', groupId: 'general', amount: '' }]); }}>
        {t('money.budget.addLine')}
      </Button>
      <div className="flex flex-col gap-1">
        <Label htmlFor="budget-reserve">{t('money.budget.reserve')}</Label>
        <Input id="budget-reserve" inputMode="decimal" value={reserve} onChange={(e) => { setReserve(e.target.value); }} />
        <p className="text-xs text-muted-foreground">{t('money.budget.reserveHint', { min: euros(budget.minReserveCents) })}</p>
      </div>
      <p className="text-sm font-semibold">{t('money.budget.totalIs', { total: euros(budget.totalCents) })}</p>
      <Button onClick={onSave} disabled={save.isPending}>
        {t('money.budget.save')}
      </Button>
      <div className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor="budget-junta">{t('money.budget.juntaDate')}</Label>
          <Input id="budget-junta" type="date" value={juntaDate} onChange={(e) => { setJuntaDate(e.target.value); }} />
        </div>
        <Button
          disabled={approve.isPending}
          onClick={() => { approve.mutate({ id: budget.id, juntaDate }, { onSuccess: () => toast.success(t('money.budget.approved')), onError: failed }); }
          }
        >
          {t('money.budget.approve')}
        </Button>
      </div>
    </div>
  )
}

function CuotasCard({ year }: { year: number }) {
  const { t } = useTranslation()
  const cuotas = useCuotas(year)
  const units = cuotas.data?.units ?? []
  if (!cuotas.data?.budget) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('money.cuotas.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2" aria-label={t('money.cuotas.title')}>
          {units.map((u) => (
            <li key={u.unit.id} className="flex justify-between gap-2 text-sm">
              <span>{u.unit.label}</span>
              <span>
                {t('money.cuotas.perPeriod', {
                  amount: euros(u.periods?.[0] ?? 0),
                  period: t(`money.periodicity.${cuotas.data.periodicity}`),
                })}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function ReceiptsCard({ year }: { year: number }) {
  const { t } = useTranslation()
  const settings = useMoneySettings()
  const receipts = useReceipts(year)
  const generate = useGenerateReceipts()
  const failed = useFailed()
  const periodicity = settings.data?.periodicity ?? 'quarterly'
  const [period, setPeriod] = useState('1')
  const [paying, setPaying] = useState<Receipt>()
  const [compensating, setCompensating] = useState<Receipt>()
  const options = Array.from({ length: PERIODS[periodicity] }, (_, i) => ({
    value: String(i + 1),
    label: t(`money.periodName.${periodicity}`, { n: i + 1 }),
  }))
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('money.receipts.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-end gap-2">
          <SelectField id="receipts-period" label={t('money.receipts.period')} value={period} options={options} onChange={(e) => { setPeriod(e.target.value); }} />
          <Button
            disabled={generate.isPending}
            onClick={() => { generate.mutate(
                { year, period: Number(period) },
                {
                  onSuccess: (g) => toast.success(t('money.receipts.generated', { count: g.count, total: euros(g.totalCents) })),
                  onError: failed,
                },
              ); }
            }
          >
            {t('money.receipts.generate')}
          </Button>
        </div>
        <ul className="flex flex-col gap-2" aria-label={t('money.receipts.list')}>
          {(receipts.data?.items ?? []).map((r) => (
            <li key={r.id} aria-label={`${r.code} ${r.unitLabel}`} className="flex items-center justify-between gap-2 rounded-xl border p-3 text-sm">
              <span className="min-w-0">
                <span className="block font-semibold">
                  {r.code} · {r.unitLabel}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {euros(r.amountCents)} · {receiptStateText(t, r)}
                </span>
              </span>
              {r.status !== 'paid' && (
                <span className="flex shrink-0 gap-1">
                  <Button variant="outline" size="sm" onClick={() => { setCompensating(undefined); setPaying(r); }}>
                    {t('money.receipts.pay')}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => { setPaying(undefined); setCompensating(r); }}>
                    {t('money.receipts.compensate')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
        {paying && <PaymentForm receipt={paying} onDone={() => { setPaying(undefined); }} />}
        {compensating && <CompensationForm receipt={compensating} onDone={() => { setCompensating(undefined); }} />}
      </CardContent>
    </Card>
  )
}

function PaymentForm({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  const { t } = useTranslation()
  const pay = useRecordPayment()
  const failed = useFailed()
  const [amount, setAmount] = useState(String((receipt.amountCents - receipt.paidCents) / 100).replace('.', ','))
  const [method, setMethod] = useState('transfer')
  const [date, setDate] = useState(today())
  const [reference, setReference] = useState('')
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border p-3"
      aria-label={t('money.receipts.payTitle', { code: receipt.code })}
      onSubmit={(e) => {
        e.preventDefault()
        const cents = parseCents(amount)
        if (cents === null) {
          toast.error(t('money.badAmount'))
          return
        }
        pay.mutate(
          { id: receipt.id, amountCents: cents, method, date, reference },
          {
        onSuccess: () => {
          toast.success(t('money.saved'))
          onDone()
        },
        onError: failed,
      },
        )
      }}
    >
      <p className="font-semibold">{t('money.receipts.payTitle', { code: receipt.code })}</p>
      <Label htmlFor="pay-amount">{t('money.receipts.amount')}</Label>
      <Input id="pay-amount" inputMode="decimal" value={amount} onChange={(e) => { setAmount(e.target.value); }} />
      <SelectField
        id="pay-method"
        label={t('money.receipts.method')}
        value={method}
        options={[
          { value: 'transfer', label: t('money.receipts.methods.transfer') },
          { value: 'cash', label: t('money.receipts.methods.cash') },
        ]}
        onChange={(e) => { setMethod(e.target.value); }}
      />
      <Label htmlFor="pay-date">{t('money.receipts.date')}</Label>
      <Input id="pay-date" type="date" value={date} onChange={(e) => { setDate(e.target.value); }} />
      <Label htmlFor="pay-reference">{t('money.receipts.reference')}</Label>
      <Input id="pay-reference" value={reference} onChange={(e) => { setReference(e.target.value); }} />
      <FormButtons submit={t('money.receipts.record')} pending={pay.isPending} onCancel={onDone} />
    </form>
  )
}
