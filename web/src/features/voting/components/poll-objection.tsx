import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { useObject, type Poll } from '../api/polls'
import { failureText } from '../lib/failure'

/** Art. 17.8: an absent owner objects within the 30 days. */
export function PollObjection({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  const object = useObject()
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <p>{t('voting.objectionHelp')}</p>
      <Button
        variant="outline"
        disabled={object.isPending}
        onClick={() => {
          object.mutate(poll.id, {
            onError: (err) => {
              toast.error(t('common.error'), { description: failureText(t('voting.toasts.objectError'), err) })
            },
          })
        }}
      >
        {t('voting.object')}
      </Button>
    </div>
  )
}
