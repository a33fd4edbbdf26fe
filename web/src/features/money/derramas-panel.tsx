import { useState } from 'react'
import { FormButtons } from '@/components/form-buttons'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { useCreateDerrama, useDerramas, useIssueDerrama, type Derrama } from './api/derramas'
import { parseCents, useMoneyGroups } from './api/money'

function useFailed() {
  const { t } = useTranslation()
  return (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
}

/** 'Derramas': one-off charges agreed by a junta, with their instalments and their receipts (admins). */
export function DerramasPanel() {
  const { t } = useTranslation()
  const derramas = useDerramas()
  const [adding, setAdding] = useState(false)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('money.derramas.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-col gap-2" aria-label={t('money.derramas.title')}>
          {(derramas.data?.items ?? []).map((d) => (
            <DerramaRow key={d.id} derrama={d} />
          ))}
        </ul>
        {adding ? (
          <DerramaForm onDone={() => { setAdding(false); }} />
        ) : (
          <Button variant="outline" className="self-start" onClick={() => { setAdding(true); }}>
            {t('money.derramas.new')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function DerramaRow({ derrama: d }: { derrama: Derrama }) {
  const { t } = useTranslation()
  const issue = useIssueDerrama()
  const failed = useFailed()
  const instalments = d.instalments ?? []
  const pending = instalments.filter((i) => !i.issued).length
  return (
    <li aria-label={d.concept} className="flex items-center justify-between gap-2 rounded-xl border p-3 text-sm">
      <span className="min-w-0">
        <span className="block font-semibold">
          {d.concept} · {euros(d.totalCents)}
        </span>
        <span className="block text-xs text-muted-foreground">
          {t('money.derramas.summary', { count: instalments.length, date: d.juntaDate })}
          {' · '}
          {instalments.map((i) => i.dueDate).join(', ')}
        </span>
      </span>
      {pending > 0 && (
        <Button
          variant="outline"
          size="sm"
          disabled={issue.isPending}
          onClick={() => {
            issue.mutate(d.id, {
              onSuccess: (g) => toast.success(t('money.receipts.generated', { count: g.count, total: euros(g.totalCents) })),
              onError: failed,
            })
          }}
        >
          {t('money.derramas.issue')}
        </Button>
      )}
    </li>
  )
}

function DerramaForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const groups = useMoneyGroups()
  const create = useCreateDerrama()
  const failed = useFailed()
  const [concept, setConcept] = useState('')
  const [total, setTotal] = useState('')
  const [groupId, setGroupId] = useState('general')
  const [juntaDate, setJuntaDate] = useState('')
  const [dueDates, setDueDates] = useState([''])
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border p-3"
      aria-label={t('money.derramas.new')}
      onSubmit={(e) => {
        e.preventDefault()
        const cents = parseCents(total)
        if (cents === null) {
          toast.error(t('money.badAmount'))
          return
        }
        create.mutate(
          { concept, totalCents: cents, groupId, juntaDate, dueDates },
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
      <Label htmlFor="derrama-concept">{t('money.derramas.concept')}</Label>
      <Input id="derrama-concept" maxLength={120} value={concept} onChange={(e) => { setConcept(e.target.value); }} />
      <Label htmlFor="derrama-total">{t('money.derramas.total')}</Label>
      <Input id="derrama-total" inputMode="decimal" value={total} onChange={(e) => { setTotal(e.target.value); }} />
      <SelectField
        id="derrama-group"
        label={t('money.derramas.group')}
        value={groupId}
        options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        onChange={(e) => { setGroupId(e.target.value); }}
      />
      <Label htmlFor="derrama-junta">{t('money.derramas.juntaDate')}</Label>
      <Input id="derrama-junta" type="date" value={juntaDate} onChange={(e) => { setJuntaDate(e.target.value); }} />
      {dueDates.map((due, i) => (
        <div key={i} className="flex flex-col gap-1">
          <Label htmlFor={`derrama-due-${i}`}>{t('money.derramas.dueDate', { n: i + 1 })}</Label>
          <Input
            id={`derrama-due-${i}`}
            type="date"
            value={due}
            onChange={(e) => { setDueDates(dueDates.map((d, j) => (j === i ? e.target.value : d))); }}
          />
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => { setDueDates([...dueDates, '']); }}>
          {t('money.derramas.addInstalment')}
        </Button>
        {dueDates.length > 1 && (
          <Button type="button" variant="ghost" size="sm" onClick={() => { setDueDates(dueDates.slice(0, -1)); }}>
            {t('money.derramas.removeInstalment')}
          </Button>
        )}
      </div>
      <FormButtons submit={t('money.derramas.save')} pending={create.isPending} onCancel={onDone} />
    </form>
  )
}
