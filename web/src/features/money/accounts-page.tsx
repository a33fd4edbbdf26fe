import './accounts-texts'
import { useState, type ReactNode } from 'react'
import { ListPage } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { euros } from '@/lib/euros'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { AgingChart, BarsChart, LineChart } from './accounts-charts'
import {
  accountsPdfUrl,
  useApproveAccounts,
  useApprovedYears,
  useCloseYear,
  useClosingSettings,
  useSaveClosingSettings,
  useYearAccounts,
  type ClosingSettings,
  type YearAccounts,
} from './api/accounts'
import { useDebts } from './api/debt'

const today = () => new Date().toISOString().slice(0, 10)
const MONTHS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">{children}</CardContent>
    </Card>
  )
}

/** A table of figures: the first column text, the others euros right-aligned. */
function Figures({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? 'px-1 text-right font-medium' : 'pr-1 font-medium'}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b last:border-0">
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="py-1 pr-1 text-left font-normal">
                    {c}
                  </th>
                ) : (
                  <td key={j} className="px-1 py-1 text-right tabular-nums">
                    {typeof c === 'number' ? euros(c) : c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** /accounts: the year's accounts. Admins read any year, close it and approve it; owners (and tenants where
 * the community opens them) read the approved ones. Its charts and texts load with this screen only. */
export function AccountsPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const admin = user?.role === 'admin'
  const approvedYears = useApprovedYears(!admin)
  const [chosen, setChosen] = useState<number | null>(null)
  const year = chosen ?? (admin ? new Date().getFullYear() - 1 : approvedYears.data?.items?.[0]?.year ?? null)
  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('yearAccounts.title')}</h1>
        <p className="text-muted-foreground">{t('yearAccounts.subtitle')}</p>
      </header>
      {admin ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor="accounts-year">{t('yearAccounts.year')}</Label>
          <Input id="accounts-year" type="number" className="w-28" value={year ?? ''}
            onChange={(e) => { setChosen(Number(e.target.value)) }} />
        </div>
      ) : approvedYears.isError ? (
        <p className="text-muted-foreground">{problemMessage(approvedYears.error, t)}</p>
      ) : (approvedYears.data?.items ?? []).length === 0 && approvedYears.isSuccess ? (
        <p className="text-muted-foreground">{t('yearAccounts.noneApproved')}</p>
      ) : (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('yearAccounts.year')}>
          {(approvedYears.data?.items ?? []).map((y) => (
            <Button key={y.year} size="sm" variant={y.year === year ? 'default' : 'outline'} aria-pressed={y.year === year}
              onClick={() => { setChosen(y.year) }}>
              {y.year}
            </Button>
          ))}
        </div>
      )}
      {year !== null && year >= 2000 && year <= 2200 && <Year year={year} admin={admin} />}
      {admin && <SettingsCard />}
    </ListPage>
  )
}

function Year({ year, admin }: { year: number; admin: boolean }) {
  const { t } = useTranslation()
  const accounts = useYearAccounts(year, admin)
  if (accounts.isPending) return <p className="text-muted-foreground">{t('yearAccounts.loading')}</p>
  if (accounts.isError) return <p className="text-muted-foreground">{problemMessage(accounts.error, t)}</p>
  const y = accounts.data
  return (
    <>
      <Status y={y} admin={admin} />
      <Summary y={y} />
      <Groups y={y} />
      <Banks y={y} />
      <Units y={y} admin={admin} />
      {admin && <Aging />}
    </>
  )
}

function Status({ y, admin }: { y: YearAccounts; admin: boolean }) {
  const { t } = useTranslation()
  const close = useCloseYear()
  const approve = useApproveAccounts()
  const [juntaDate, setJuntaDate] = useState(today())
  const failed = (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
  const closedOn = y.closed ? new Date(y.closed.closedAt).toISOString().slice(0, 10) : ''
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <p>
          {y.closed ? t('yearAccounts.closed', { date: closedOn }) : t('yearAccounts.open')}{' '}
          {y.closed && (y.closed.juntaDate ? t('yearAccounts.approved', { date: y.closed.juntaDate }) : t('yearAccounts.notApproved'))}
        </p>
        {admin && !y.closed && y.year < new Date().getFullYear() && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">{t('yearAccounts.closeConfirm', { year: y.year })}</p>
            <Button disabled={close.isPending}
              onClick={() => { close.mutate(y.year, { onSuccess: () => toast.success(t('yearAccounts.closedToast', { year: y.year })), onError: failed }) }}>
              {t('yearAccounts.close')}
            </Button>
          </div>
        )}
        {admin && y.closed && !y.closed.juntaDate && (
          <form className="flex items-end gap-2" onSubmit={(e) => {
            e.preventDefault()
            approve.mutate({ year: y.year, juntaDate }, { onSuccess: () => toast.success(t('yearAccounts.approvedToast')), onError: failed })
          }}>
            <div className="flex flex-col gap-1">
              <Label htmlFor="accounts-junta">{t('yearAccounts.juntaDate')}</Label>
              <Input id="accounts-junta" type="date" value={juntaDate} onChange={(e) => { setJuntaDate(e.target.value) }} />
            </div>
            <Button type="submit" disabled={approve.isPending}>{t('yearAccounts.approve')}</Button>
          </form>
        )}
        {admin && (
          <p className="flex flex-col gap-1 text-sm">
            <a className="text-primary underline" href={accountsPdfUrl(y.year)} download>{t('yearAccounts.pdf')}</a>
            {y.closed?.documentId && <span className="text-muted-foreground">{t('yearAccounts.document')}</span>}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function Summary({ y }: { y: YearAccounts }) {
  const { t } = useTranslation()
  return (
    <Section title={t('yearAccounts.summary')}>
      <Figures caption={t('yearAccounts.summary')} head={[t('yearAccounts.concept'), '€']} rows={[
        [t('yearAccounts.cuotas'), y.income.cuotasCents],
        [t('yearAccounts.derramas'), y.income.derramasCents],
        [t('yearAccounts.other'), y.income.otherCents],
        [t('yearAccounts.income'), y.income.totalCents],
        [t('yearAccounts.collected'), y.income.collectedCents],
        [t('yearAccounts.expenses'), y.expensesCents],
        [t('yearAccounts.result'), y.resultCents],
      ]} />
      <h3 className="font-semibold">{t('yearAccounts.reserve')}</h3>
      <Figures caption={t('yearAccounts.reserve')} head={[t('yearAccounts.concept'), '€']} rows={[
        [t('yearAccounts.budget'), y.reserve.budgetCents],
        [t('yearAccounts.reserveOpening'), y.reserve.openingCents],
        [t('yearAccounts.reserveIn'), y.reserve.contributionsCents],
        ...(y.reserve.spending ?? []).map((sp) => [
          t('yearAccounts.reserveSpent', { date: sp.date, provider: sp.provider, concept: sp.concept, junta: sp.juntaDate }),
          -sp.amountCents,
        ]),
        [t('yearAccounts.reserveClosing'), y.reserve.closingCents],
      ]} />
    </Section>
  )
}

function Groups({ y }: { y: YearAccounts }) {
  const { t } = useTranslation()
  if ((y.groups ?? []).length === 0) return null
  return (
    <Section title={t('yearAccounts.groups')}>
      <BarsChart label={t('yearAccounts.barsLabel')} budgetLabel={t('yearAccounts.budget')} actualLabel={t('yearAccounts.actual')}
        rows={(y.groups ?? []).map((g) => ({ name: g.name, budget: g.budgetCents, actual: g.actualCents }))} />
      {(y.groups ?? []).map((g) => (
        <Figures key={g.groupId} caption={g.name}
          head={[g.name, t('yearAccounts.budget'), t('yearAccounts.actual'), t('yearAccounts.difference')]}
          rows={[
            ...(g.lines ?? []).map((l) => [
              l.budgeted ? l.concept : `${l.concept} (${t('yearAccounts.unbudgeted')})`, l.budgetCents, l.actualCents, l.actualCents - l.budgetCents,
            ]),
            [`${g.name} ·`, g.budgetCents, g.actualCents, g.actualCents - g.budgetCents],
          ]} />
      ))}
    </Section>
  )
}

function Banks({ y }: { y: YearAccounts }) {
  const { t } = useTranslation()
  if ((y.accounts ?? []).length === 0) return null
  return (
    <Section title={t('yearAccounts.accounts')}>
      <Figures caption={t('yearAccounts.accounts')}
        head={[t('yearAccounts.account'), t('yearAccounts.opening'), t('yearAccounts.in'), t('yearAccounts.out'), t('yearAccounts.closing'), t('yearAccounts.bank')]}
        rows={(y.accounts ?? []).map((a) => [a.iban ? `${a.name} · ${a.iban}` : a.name, a.openingCents, a.inCents, a.outCents, a.closingCents,
          a.bankCents ?? t('yearAccounts.noStatements')])} />
      {(y.accounts ?? []).map((a) => (
        <details key={a.id}>
          <summary className="cursor-pointer text-sm">{t('yearAccounts.lineLabel', { name: a.name })}</summary>
          <LineChart label={t('yearAccounts.lineLabel', { name: a.name })} values={a.monthsCents ?? []} names={MONTHS} />
          <Figures caption={t('yearAccounts.lineLabel', { name: a.name })} head={[t('yearAccounts.month'), t('yearAccounts.balance')]}
            rows={(a.monthsCents ?? []).map((v, i) => [MONTHS[i] ?? '', v])} />
        </details>
      ))}
    </Section>
  )
}

function Units({ y, admin }: { y: YearAccounts; admin: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      {(y.units ?? []).length > 0 && (
        <Section title={admin ? t('yearAccounts.units') : t('yearAccounts.myUnits')}>
          <Figures caption={t('yearAccounts.units')}
            head={[t('yearAccounts.unit'), t('yearAccounts.opening'), t('yearAccounts.charged'), t('yearAccounts.paid'), t('yearAccounts.closing')]}
            rows={(y.units ?? []).map((u) => [u.label, u.openingCents, u.chargedCents, u.paidCents, u.closingCents])} />
        </Section>
      )}
      {(y.liquidation ?? []).length > 0 && (
        <Section title={t('yearAccounts.liquidation')}>
          <p className="text-sm text-muted-foreground">{t('yearAccounts.liquidationHelp')}</p>
          <Figures caption={t('yearAccounts.liquidation')}
            head={[t('yearAccounts.unit'), t('yearAccounts.share'), t('yearAccounts.cuotasNet'), t('yearAccounts.result')]}
            rows={(y.liquidation ?? []).map((l) => [l.unitLabel, l.expensesCents, l.cuotasCents, l.resultCents])} />
        </Section>
      )}
      {y.liquidationProblem && <p className="text-sm text-destructive">{y.liquidationProblem}</p>}
    </>
  )
}

/** Who owes what, by the age of their oldest debt: for the admins only (the debt report's route). */
function Aging() {
  const { t } = useTranslation()
  const debts = useDebts()
  if (!debts.data) return null
  const limits = [30, 90, 180, Infinity]
  const totals = [0, 0, 0, 0]
  for (const d of debts.data.units ?? []) {
    const i = limits.findIndex((l) => d.ageDays <= l)
    totals[i] = (totals[i] ?? 0) + d.owedCents
  }
  const buckets = totals.map((value, i) => ({ name: t(`yearAccounts.ageBuckets.${String(i) as '0' | '1' | '2' | '3'}`), value }))
  return (
    <Section title={t('yearAccounts.aging')}>
      <AgingChart label={t('yearAccounts.agingLabel')} buckets={buckets} />
      <Figures caption={t('yearAccounts.agingLabel')} head={[t('yearAccounts.age'), t('yearAccounts.owed')]}
        rows={buckets.map((b) => [b.name, b.value])} />
    </Section>
  )
}

function SettingsCard() {
  const { t } = useTranslation()
  const settings = useClosingSettings(true)
  const save = useSaveClosingSettings()
  const [draft, setDraft] = useState<ClosingSettings | null>(null)
  const value = draft ?? settings.data
  if (!value) return null
  return (
    <Section title={t('yearAccounts.settings')}>
      <form className="flex flex-col gap-3" onSubmit={(e) => {
        e.preventDefault()
        save.mutate(value, {
          onSuccess: () => { setDraft(null); toast.success(t('yearAccounts.saved')) },
          onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
        })
      }}>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t('yearAccounts.mode')}</legend>
          {(['apply', 'settle'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input type="radio" name="closing-mode" checked={value.mode === m} onChange={() => { setDraft({ ...value, mode: m }) }} />
              {t(`yearAccounts.modes.${m}`)}
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={value.tenantsReadAccounts}
            onChange={(e) => { setDraft({ ...value, tenantsReadAccounts: e.target.checked }) }} />
          {t('yearAccounts.tenants')}
        </label>
        <Button type="submit" variant="outline" disabled={save.isPending || !draft}>{t('yearAccounts.save')}</Button>
      </form>
    </Section>
  )
}
