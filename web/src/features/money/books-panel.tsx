import { useState } from 'react'
import { FormButtons } from '@/components/form-buttons'
import { SelectField } from '@/components/select-field'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import {
  parseRate,
  useAttachInvoice,
  useBankAccounts,
  useCreateDirectoryProvider,
  useCreateExpense,
  useDirectoryProviders,
  useBankMovements,
  useExpenses,
  useImportStatement,
  usePayExpense,
  useSaveBankAccount,
  type BankAccount,
  type Expense,
} from './api/books'
import { parseCents, useMoneyGroups } from './api/money'
import { CsvImport } from './csv-import'
import { Reconciliation } from './reconciliation'

function useFailed() {
  const { t } = useTranslation()
  return (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
}

const today = () => new Date().toISOString().slice(0, 10)

/** 'Cuentas bancarias y caja': the community's accounts with their balance in the books (admins). */
export function AccountsPanel() {
  const { t } = useTranslation()
  const accounts = useBankAccounts()
  const [editing, setEditing] = useState<BankAccount | 'new'>()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('books.accounts.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-col gap-2" aria-label={t('books.accounts.title')}>
          {(accounts.data?.items ?? []).map((a) => (
            <AccountRow key={a.id} account={a} onEdit={() => { setEditing(a); }} />
          ))}
        </ul>
        {accounts.data?.items?.length === 0 && <p className="text-sm text-muted-foreground">{t('books.accounts.empty')}</p>}
        {editing ? (
          <AccountForm account={editing === 'new' ? undefined : editing} onDone={() => { setEditing(undefined); }} />
        ) : (
          <Button variant="outline" className="self-start" onClick={() => { setEditing('new'); }}>
            {t('books.accounts.new')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function AccountRow({ account: a, onEdit }: { account: BankAccount; onEdit: () => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [csv, setCsv] = useState(false)
  const bank = a.kind === 'bank'
  const movements = useBankMovements(a.id, bank)
  const importStatement = useImportStatement()
  const failed = useFailed()
  const last = movements.data?.lastStatement
  const items = movements.data?.items ?? []
  return (
    <li aria-label={a.name} className="flex flex-col gap-2 rounded-xl border p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0">
          <span className="block font-semibold">{a.name}</span>
          <span className="block break-all text-xs text-muted-foreground">
            {bank ? [a.bank, a.iban].filter(Boolean).join(' · ') : t('books.accounts.cash')}
          </span>
          <span className="block text-xs">{t('books.accounts.balance', { amount: euros(a.balanceCents) })}</span>
          {last && (
            <span className="block text-xs">{t('books.accounts.bankBalance', { amount: euros(last.closingCents), date: last.end })}</span>
          )}
        </span>
        <Button variant="outline" size="sm" onClick={onEdit}>
          {t('money.edit')}
        </Button>
      </div>
      {bank && (
        <div className="flex flex-wrap items-center gap-3">
          <Label className="cursor-pointer text-xs underline">
            {t('books.accounts.import')}
            <input
              type="file"
              className="sr-only"
              accept=".n43,.txt,.aeb,.q43,text/plain"
              disabled={importStatement.isPending}
              onChange={(ev) => {
                const file = ev.target.files?.[0]
                ev.target.value = ''
                if (!file) return
                importStatement.mutate(
                  { id: a.id, file },
                  {
                    onSuccess: (r) =>
                      toast.success(t('books.accounts.imported', { count: (r.items ?? []).reduce((s, x) => s + x.movements, 0) })),
                    onError: failed,
                  },
                )
              }}
            />
          </Label>
          {items.length > 0 && (
            <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => { setOpen(!open); }}>
              {t('books.accounts.movements', { count: items.length })}
            </Button>
          )}
        </div>
      )}
      {bank && !csv && (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => { setCsv(true) }}>
          {t('books.csv.open')}
        </Button>
      )}
      {bank && csv && (
        <CsvImport
          accountId={a.id}
          onDone={() => {
            setCsv(false)
          }}
        />
      )}
      {open && <Reconciliation account={a} />}
    </li>
  )
}

function AccountForm({ account, onDone }: { account?: BankAccount; onDone: () => void }) {
  const { t } = useTranslation()
  const save = useSaveBankAccount()
  const failed = useFailed()
  const [name, setName] = useState(account?.name ?? '')
  const [kind, setKind] = useState<'bank' | 'cash'>(account?.kind ?? 'bank')
  const [iban, setIban] = useState(account?.iban ?? '')
  const [bank, setBank] = useState(account?.bank ?? '')
  const [openingDate, setOpeningDate] = useState(account?.openingDate ?? `${new Date().getFullYear()}-01-01`)
  const [opening, setOpening] = useState(account ? String(account.openingCents / 100).replace('.', ',') : '0')
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border p-3"
      aria-label={t('books.accounts.form')}
      onSubmit={(e) => {
        e.preventDefault()
        const cents = parseCents(opening)
        if (cents === null) {
          toast.error(t('money.badAmount'))
          return
        }
        save.mutate(
          { id: account?.id, body: { name, kind, iban, bank, openingDate, openingCents: cents } },
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
      <Label htmlFor="account-name">{t('books.accounts.name')}</Label>
      <Input id="account-name" maxLength={80} value={name} onChange={(e) => { setName(e.target.value); }} />
      {!account && (
        <SelectField
          id="account-kind"
          label={t('books.accounts.kind')}
          value={kind}
          options={[
            { value: 'bank', label: t('books.accounts.bank') },
            { value: 'cash', label: t('books.accounts.cash') },
          ]}
          onChange={(e) => { setKind(e.target.value === 'cash' ? 'cash' : 'bank'); }}
        />
      )}
      {kind === 'bank' && (
        <>
          <Label htmlFor="account-iban">IBAN</Label>
          <Input id="account-iban" maxLength={50} autoComplete="off" value={iban} onChange={(e) => { setIban(e.target.value); }} />
          <Label htmlFor="account-bank">{t('books.accounts.bankName')}</Label>
          <Input id="account-bank" maxLength={80} value={bank} onChange={(e) => { setBank(e.target.value); }} />
        </>
      )}
      <Label htmlFor="account-opening-date">{t('books.accounts.openingDate')}</Label>
      <Input id="account-opening-date" type="date" value={openingDate} onChange={(e) => { setOpeningDate(e.target.value); }} />
      <Label htmlFor="account-opening">{t('books.accounts.opening')}</Label>
      <Input id="account-opening" inputMode="decimal" value={opening} onChange={(e) => { setOpening(e.target.value); }} />
      <FormButtons submit={t('books.save')} pending={save.isPending} onCancel={onDone} />
    </form>
  )
}

/** 'Gastos': the year's expenses with their invoice and payments, and the form of a new one (admins). */
export function ExpensesPanel({ year }: { year: number }) {
  const { t } = useTranslation()
  const expenses = useExpenses(year)
  const accounts = useBankAccounts()
  const [adding, setAdding] = useState(false)
  const items = expenses.data?.items ?? []
  const pending = items.filter((e) => e.status === 'pending').reduce((s, e) => s + e.payableCents - e.paidCents, 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('books.expenses.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {items.length > 0 && (
          <p className="text-sm text-muted-foreground">
            {t('books.expenses.summary', {
              total: euros(items.reduce((s, e) => s + e.totalCents, 0)),
              pending: euros(pending),
            })}
          </p>
        )}
        <ul className="flex flex-col gap-2" aria-label={t('books.expenses.title')}>
          {items.map((e) => (
            <ExpenseRow key={e.id} expense={e} accounts={accounts.data?.items ?? []} />
          ))}
        </ul>
        {items.length === 0 && <p className="text-sm text-muted-foreground">{t('books.expenses.empty')}</p>}
        {adding ? (
          <ExpenseForm onDone={() => { setAdding(false); }} />
        ) : (
          <Button variant="outline" className="self-start" onClick={() => { setAdding(true); }}>
            {t('books.expenses.new')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function ExpenseRow({ expense: e, accounts }: { expense: Expense; accounts: BankAccount[] }) {
  const { t } = useTranslation()
  const [paying, setPaying] = useState(false)
  const attach = useAttachInvoice()
  const failed = useFailed()
  const left = e.payableCents - e.paidCents
  return (
    <li aria-label={`${e.concept} · ${e.providerName}`} className="flex flex-col gap-2 rounded-xl border p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0">
          <span className="block font-semibold">
            {e.concept} · {euros(e.totalCents)}
          </span>
          <span className="block text-xs text-muted-foreground">
            {e.date} · {e.providerName}
            {e.nif ? ` (${e.nif})` : ''}
          </span>
          <span className="block text-xs text-muted-foreground">
            {t('books.expenses.breakdown', { base: euros(e.baseCents), vat: euros(e.vatCents), irpf: euros(e.irpfCents) })}
          </span>
          <span className="block text-xs">
            {t('books.expenses.paid', { paid: euros(e.paidCents), payable: euros(e.payableCents) })}
            {e.dueDate ? ` · ${t('books.expenses.due', { date: e.dueDate })}` : ''}
          </span>
          {e.reserveJuntaDate ? (
            <span className="block text-xs text-primary">{t('books.expenses.reserveCharged', { date: e.reserveJuntaDate })}</span>
          ) : null}
        </span>
        <Badge variant={e.status === 'paid' ? 'green' : 'orange'}>{t(`books.expenses.status.${e.status}`)}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {e.documentId ? (
          <span className="text-xs text-primary">{t('books.expenses.invoiceFiled')}</span>
        ) : (
          <Label className="cursor-pointer text-xs underline">
            {t('books.expenses.attachInvoice')}
            <input
              type="file"
              className="sr-only"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              disabled={attach.isPending}
              onChange={(ev) => {
                const file = ev.target.files?.[0]
                if (!file) return
                attach.mutate({ id: e.id, file }, { onSuccess: () => toast.success(t('books.expenses.invoiceSaved')), onError: failed })
              }}
            />
          </Label>
        )}
        {left > 0 && !paying && (
          <Button variant="outline" size="sm" onClick={() => { setPaying(true); }}>
            {t('books.expenses.pay')}
          </Button>
        )}
      </div>
      {paying && <PaymentForm expense={e} accounts={accounts} onDone={() => { setPaying(false); }} />}
    </li>
  )
}

function PaymentForm({ expense, accounts, onDone }: { expense: Expense; accounts: BankAccount[]; onDone: () => void }) {
  const { t } = useTranslation()
  const pay = usePayExpense()
  const failed = useFailed()
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '')
  const [date, setDate] = useState(today())
  const [amount, setAmount] = useState(((expense.payableCents - expense.paidCents) / 100).toFixed(2).replace('.', ','))
  const prefix = `pay-${expense.id}`
  if (accounts.length === 0) return <p className="text-xs text-muted-foreground">{t('books.expenses.noAccounts')}</p>
  return (
    <form
      className="flex flex-col gap-2"
      aria-label={t('books.expenses.pay')}
      onSubmit={(ev) => {
        ev.preventDefault()
        const cents = parseCents(amount)
        if (cents === null) {
          toast.error(t('money.badAmount'))
          return
        }
        pay.mutate(
          { id: expense.id, accountId, date, amountCents: cents },
          {
            onSuccess: () => {
              toast.success(t('books.expenses.paymentSaved'))
              onDone()
            },
            onError: failed,
          },
        )
      }}
    >
      <SelectField
        id={`${prefix}-account`}
        label={t('books.expenses.account')}
        value={accountId}
        options={accounts.map((a) => ({ value: a.id, label: a.name }))}
        onChange={(ev) => { setAccountId(ev.target.value); }}
      />
      <Label htmlFor={`${prefix}-date`}>{t('books.expenses.paymentDate')}</Label>
      <Input id={`${prefix}-date`} type="date" value={date} onChange={(ev) => { setDate(ev.target.value); }} />
      <Label htmlFor={`${prefix}-amount`}>{t('books.expenses.amount')}</Label>
      <Input id={`${prefix}-amount`} inputMode="decimal" value={amount} onChange={(ev) => { setAmount(ev.target.value); }} />
      <FormButtons submit={t('books.expenses.savePayment')} pending={pay.isPending} onCancel={onDone} />
    </form>
  )
}

const NEW_PROVIDER = '+new'

function ExpenseForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const groups = useMoneyGroups()
  const providers = useDirectoryProviders()
  const createProvider = useCreateDirectoryProvider()
  const create = useCreateExpense()
  const attach = useAttachInvoice()
  const failed = useFailed()
  const [date, setDate] = useState(today())
  const [providerId, setProviderId] = useState('')
  const [providerName, setProviderName] = useState('')
  const [nif, setNif] = useState('')
  const [contact, setContact] = useState('')
  const [concept, setConcept] = useState('')
  const [groupId, setGroupId] = useState('general')
  const [base, setBase] = useState('')
  const [vat, setVat] = useState('21')
  const [irpf, setIrpf] = useState('0')
  const [dueDate, setDueDate] = useState('')
  const [fromReserve, setFromReserve] = useState(false)
  const [juntaDate, setJuntaDate] = useState('')
  const [file, setFile] = useState<File>()
  const listed = providers.data?.items ?? []
  const submit = async () => {
    const cents = parseCents(base)
    const vatRate = parseRate(vat)
    const irpfRate = parseRate(irpf)
    if (cents === null || vatRate === null || irpfRate === null) {
      toast.error(t('books.expenses.badNumbers'))
      return
    }
    try {
      let pid = providerId === NEW_PROVIDER ? '' : providerId
      let name = providerName
      if (providerId === NEW_PROVIDER) pid = (await createProvider.mutateAsync({ name: providerName, contact })).id
      else if (pid) name = providerName || (listed.find((p) => p.id === pid)?.name ?? '')
      const e = await create.mutateAsync({
        date,
        providerId: pid,
        providerName: name,
        nif,
        concept,
        groupId,
        baseCents: cents,
        vatRate,
        irpfRate,
        dueDate,
        ...(fromReserve ? { reserveJuntaDate: juntaDate } : {}),
      })
      if (file) await attach.mutateAsync({ id: e.id, file })
      toast.success(t('money.saved'))
      onDone()
    } catch (err) {
      failed(err)
    }
  }
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border p-3"
      aria-label={t('books.expenses.new')}
      onSubmit={(ev) => {
        ev.preventDefault()
        void submit()
      }}
    >
      <Label htmlFor="expense-date">{t('books.expenses.date')}</Label>
      <Input id="expense-date" type="date" value={date} onChange={(ev) => { setDate(ev.target.value); }} />
      <SelectField
        id="expense-provider"
        label={t('books.expenses.provider')}
        value={providerId}
        emptyOption={t('books.expenses.providerNotListed')}
        options={[...listed.map((p) => ({ value: p.id, label: p.name })), { value: NEW_PROVIDER, label: t('books.expenses.providerNew') }]}
        onChange={(ev) => { setProviderId(ev.target.value); }}
      />
      {providerId === NEW_PROVIDER && (
        <>
          <Label htmlFor="expense-provider-contact">{t('books.expenses.providerContact')}</Label>
          <Input id="expense-provider-contact" maxLength={120} value={contact} onChange={(ev) => { setContact(ev.target.value); }} />
        </>
      )}
      <Label htmlFor="expense-provider-name">{t('books.expenses.providerName')}</Label>
      <Input id="expense-provider-name" maxLength={120} value={providerName} onChange={(ev) => { setProviderName(ev.target.value); }} />
      <Label htmlFor="expense-nif">NIF</Label>
      <Input id="expense-nif" maxLength={20} autoComplete="off" value={nif} onChange={(ev) => { setNif(ev.target.value); }} />
      <Label htmlFor="expense-concept">{t('books.expenses.concept')}</Label>
      <Input id="expense-concept" maxLength={120} value={concept} onChange={(ev) => { setConcept(ev.target.value); }} />
      <SelectField
        id="expense-group"
        label={t('books.expenses.group')}
        value={groupId}
        options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        onChange={(ev) => { setGroupId(ev.target.value); }}
      />
      <Label htmlFor="expense-base">{t('books.expenses.base')}</Label>
      <Input id="expense-base" inputMode="decimal" value={base} onChange={(ev) => { setBase(ev.target.value); }} />
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="expense-vat">{t('books.expenses.vat')}</Label>
          <Input id="expense-vat" inputMode="decimal" value={vat} onChange={(ev) => { setVat(ev.target.value); }} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="expense-irpf">{t('books.expenses.irpf')}</Label>
          <Input id="expense-irpf" inputMode="decimal" value={irpf} onChange={(ev) => { setIrpf(ev.target.value); }} />
        </div>
      </div>
      <Label htmlFor="expense-due">{t('books.expenses.dueDate')}</Label>
      <Input id="expense-due" type="date" value={dueDate} onChange={(ev) => { setDueDate(ev.target.value); }} />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={fromReserve}
          onChange={(ev) => {
            setFromReserve(ev.target.checked)
          }}
        />
        <span>{t('books.expenses.fromReserve')}</span>
      </label>
      {fromReserve && (
        <>
          <Label htmlFor="expense-reserve-junta">{t('books.expenses.reserveJuntaDate')}</Label>
          <Input
            id="expense-reserve-junta"
            type="date"
            required
            value={juntaDate}
            onChange={(ev) => {
              setJuntaDate(ev.target.value)
            }}
          />
          <p className="text-xs text-muted-foreground">{t('books.expenses.reserveHint')}</p>
        </>
      )}
      <Label htmlFor="expense-invoice">{t('books.expenses.invoice')}</Label>
      <Input
        id="expense-invoice"
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/webp"
        onChange={(ev) => { setFile(ev.target.files?.[0]); }}
      />
      <FormButtons
        submit={t('books.expenses.save')}
        pending={create.isPending || attach.isPending || createProvider.isPending}
        onCancel={onDone}
      />
    </form>
  )
}
