import { useTranslation } from '@/lib/i18n'
import type { Poll } from '../api/polls'

/** After the close: the receipt codes of each option's ballots, so each voter can find theirs. */
export function PollReceipts({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  if (poll.options.every((o) => o.receipts.length === 0)) return null
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">{t('voting.receipts')}</summary>
      <dl className="mt-2 flex flex-col gap-2">
        {poll.options.map((o) => (
          <div key={o.id}>
            <dt className="font-medium">{o.text}</dt>
            <dd className="font-mono text-xs break-all">{o.receipts.join(' ') || '—'}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
