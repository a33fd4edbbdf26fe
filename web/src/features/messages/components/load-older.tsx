import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { MESSAGE_PAGE } from '../api/list-direct-messages'

/** 'Cargar mensajes anteriores' above a chat whose first page was full. */
export function LoadOlder({ list, more, loadOlder }: { list: readonly unknown[] | undefined; more: boolean; loadOlder: () => Promise<boolean> }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  if (!list || list.length < MESSAGE_PAGE || !more) return null
  return (
    <div className="flex justify-center">
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        onClick={() => {
          setBusy(true)
          loadOlder()
            .catch((err: unknown) => {
              toast.error(t('common.error'), { description: err instanceof Error ? err.message : undefined })
            })
            .finally(() => {
              setBusy(false)
            })
        }}
      >
        {t('messages.chat.loadOlder')}
      </Button>
    </div>
  )
}
