import { Receipt } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import { usePendingReceipts } from '../api/pending-receipts'

/** The dashboard's reminder: 'Tienes 1 recibo pendiente', to 'Mis cuotas'. Nothing when all are paid. */
export function PendingReceipts() {
  const { t } = useTranslation()
  const pending = usePendingReceipts(true).data ?? 0
  if (pending === 0) return null
  return (
    <Link
      to="/my-fees"
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-orange-300 bg-card p-4 font-semibold shadow-sm hover:bg-muted dark:border-orange-800"
    >
      <Receipt className="size-5" aria-hidden />
      {t('moneyDebt.pending', { count: pending })}
    </Link>
  )
}
