import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { useReconcile, useReconciliation, type BankAccount } from './api/books'

type Reconciliation = NonNullable<ReturnType<typeof useReconciliation>['data']>
type Movement = NonNullable<Reconciliation['items']>[number]

/**
 * An account's reconciliation (issue #37): the book's and the bank's balances with their difference, and
 * each movement; an unmatched one lists its suggested matches, the best chosen, and the admin confirms the
 * one they choose.
 */
export function Reconciliation({ account: a }: { account: BankAccount }) {
  const { t } = useTranslation()
  const rec = useReconciliation(a.id, true)
  const data = rec.data
  if (!data) return null
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs">
        {t('books.reconcile.balances', {
          book: euros(data.bookCents),
          bank: data.bankCents == null ? '—' : euros(data.bankCents),
          difference: euros(data.differenceCents),
        })}
      </p>
      <ul className="flex flex-col gap-1" aria-label={t('books.accounts.movementsOf', { name: a.name })}>
        {(data.items ?? []).map((m) => (
          <MovementItem key={m.id} movement={m} />
        ))}
      </ul>
    </div>
  )
}

function MovementItem({ movement: m }: { movement: Movement }) {
  const { t } = useTranslation()
  const reconcile = useReconcile()
  const suggestions = m.suggestions ?? []
  const [chosen, setChosen] = useState(0)
  const pick = suggestions[chosen] ?? suggestions[0]
  const text = m.concept || m.reference2 || m.reference1
  return (
    <li className="flex flex-col gap-1 border-t pt-1 text-xs">
      <span className="flex justify-between gap-2">
        <span className="min-w-0 break-words">
          {m.date} · {text}
        </span>
        <span className={m.amountCents < 0 ? 'text-destructive' : ''}>{euros(m.amountCents)}</span>
      </span>
      {m.match ? (
        <span className="text-muted-foreground">
          {m.match.kind === 'return' ? t('books.reconcile.doneReturn') : t('books.reconcile.done')}
        </span>
      ) : pick ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">{t('books.reconcile.choose', { movement: `${m.date} · ${text}` })}</legend>
          {suggestions.map((s, i) => (
            <label key={s.kind + s.targetId + (s.receiptIds ?? []).join()} className="flex items-start gap-2 text-muted-foreground">
              <input
                type="radio"
                name={`match-${m.id}`}
                checked={i === chosen}
                onChange={() => {
                  setChosen(i)
                }}
              />
              <span className="min-w-0 break-words">
                {s.label} · {euros(s.amountCents)}
              </span>
            </label>
          ))}
          <Button
            size="sm"
            variant="outline"
            className="self-end"
            disabled={reconcile.isPending}
            onClick={() => {
              reconcile.mutate(
                { id: m.id, kind: pick.kind, targetId: pick.targetId, receiptIds: pick.receiptIds },
                {
                  onSuccess: () => toast.success(t('books.reconcile.confirmed')),
                  onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
                },
              )
            }}
          >
            {t('books.reconcile.action')}
          </Button>
        </fieldset>
      ) : (
        <span className="text-muted-foreground">{t('books.reconcile.none')}</span>
      )}
    </li>
  )
}
