import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useMyDebts, useReceiptSharing, useShareReceipts } from './api/debt'
import { DebtList } from './debt-panel'

/** 'Mis cuotas': what the units I own owe past their due date; nobody else's. */
export function MyDebtCard() {
  const { t } = useTranslation()
  const debts = useMyDebts()
  const units = debts.data?.units ?? []
  if (!debts.data) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('moneyDebt.mine.title')}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {units.length === 0 ? <p>{t('moneyDebt.mine.upToDate')}</p> : <DebtList units={units} label={t('moneyDebt.mine.title')} />}
      </CardContent>
    </Card>
  )
}

/** An owner lets whoever lives in their unit (a tenant) see its receipts, or stops it. */
export function SharingCard({ unit }: { unit: { id: string; label: string } }) {
  const { t } = useTranslation()
  const sharing = useReceiptSharing(unit.id)
  const share = useShareReceipts()
  const people = sharing.data?.items ?? []
  if (people.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('moneyDebt.sharing.title', { unit: unit.label })}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="text-muted-foreground">{t('moneyDebt.sharing.hint')}</p>
        <ul className="flex flex-col gap-2" aria-label={t('moneyDebt.sharing.title', { unit: unit.label })}>
          {people.map((p) => (
            <li key={p.userId}>
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={p.granted}
                  disabled={share.isPending}
                  onChange={(e) => {
                    share.mutate(
                      { unitId: unit.id, userId: p.userId, on: e.target.checked },
                      { onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }) },
                    )
                  }}
                />
                {t('moneyDebt.sharing.person', { name: p.fullName })}
              </label>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
