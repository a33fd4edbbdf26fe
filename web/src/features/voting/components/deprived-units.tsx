import { useState } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/toast'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { useDeprive, type Poll } from '../api/polls'
import { failureText } from '../lib/failure'

/** Art. 15.2: an admin leaves a unit's cuota out of a junta vote, with the reason, until the vote closes (the server refuses once the owner voted). */
export function DeprivedUnits({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  const deprive = useDeprive()
  const [unit, setUnit] = useState('')
  const [reason, setReason] = useState('')
  const run = (unitId: string, why: string | null) => {
    deprive.mutate(
      { id: poll.id, unitId, reason: why },
      {
        onSuccess: () => {
          setUnit('')
          setReason('')
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: failureText(t('voting.toasts.depriveError'), err) })
        },
      },
    )
  }
  const deprived = poll.units.filter((u) => u.deprivedReason)
  // Units that owe receipts past their due date: art. 15.2 proposes depriving them; the admin confirms.
  const inDebt = poll.units.filter((u) => !u.deprivedReason && u.debtCents != null)
  return (
    <div className="mt-3 flex flex-col gap-2">
      <p className="font-medium">{t('voting.deprivedTitle')}</p>
      {inDebt.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('moneyDebt.proposal.title')}>
          {inDebt.map((u) => (
            <li key={u.unitId} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-orange-300 p-2">
              <span>{t('moneyDebt.proposal.owes', { unit: u.label, amount: euros(u.debtCents ?? 0) })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={deprive.isPending}
                onClick={() => {
                  run(u.unitId, t('moneyDebt.proposal.reason', { amount: euros(u.debtCents ?? 0) }))
                }}
              >
                {t('moneyDebt.proposal.confirm')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deprived.map((u) => (
        <div key={u.unitId} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {u.label}: {u.deprivedReason}
          </span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              run(u.unitId, null)
            }}
          >
            {t('voting.restoreVote')}
          </Button>
        </div>
      ))}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          if (unit && reason.trim()) run(unit, reason.trim())
        }}
      >
        <Label htmlFor={`deprive-unit-${poll.id}`}>{t('voting.depriveUnit')}</Label>
        <NativeSelect
          id={`deprive-unit-${poll.id}`}
          value={unit}
          onChange={(e) => {
            setUnit(e.target.value)
          }}
        >
          <option value="">{t('voting.chooseUnit')}</option>
          {poll.units
            .filter((u) => !u.deprivedReason)
            .map((u) => (
              <option key={u.unitId} value={u.unitId}>
                {u.label}
              </option>
            ))}
        </NativeSelect>
        <Label htmlFor={`deprive-reason-${poll.id}`}>{t('voting.depriveReason')}</Label>
        <Input
          id={`deprive-reason-${poll.id}`}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value)
          }}
        />
        <SubmitButton pending={deprive.isPending} disabled={!unit || !reason.trim()}>
          {t('voting.deprive')}
        </SubmitButton>
      </form>
    </div>
  )
}
