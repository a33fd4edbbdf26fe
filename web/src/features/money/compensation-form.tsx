import { useState } from 'react'
import { FormButtons } from '@/components/form-buttons'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { useCompensateReceipt, type Receipt } from './api/money'

/** 'Compensar': what a receipt still owes is settled against something the community owes its owner. */
export function CompensationForm({ receipt, onDone }: { receipt: Receipt; onDone: () => void }) {
  const { t } = useTranslation()
  const compensate = useCompensateReceipt()
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10))
  const [reason, setReason] = useState('')
  const title = t('money.receipts.compensateTitle', { code: receipt.code })
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border p-3"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault()
        compensate.mutate(
          { id: receipt.id, date, reason },
          {
            onSuccess: () => {
              toast.success(t('money.saved'))
              onDone()
            },
            onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
          },
        )
      }}
    >
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">
        {t('money.receipts.compensateHint', { amount: euros(receipt.amountCents - receipt.paidCents) })}
      </p>
      <Label htmlFor="compensate-date">{t('money.receipts.compensateDate')}</Label>
      <Input id="compensate-date" type="date" value={date} onChange={(e) => { setDate(e.target.value); }} />
      <Label htmlFor="compensate-reason">{t('money.receipts.compensateReason')}</Label>
      <Input id="compensate-reason" maxLength={140} value={reason} onChange={(e) => { setReason(e.target.value); }} />
      <FormButtons submit={t('money.receipts.compensate')} pending={compensate.isPending} onCancel={onDone} />
    </form>
  )
}
