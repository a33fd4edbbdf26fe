import { LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { useTranslation } from '@/lib/i18n'

export type ReviewDecision = 'approved' | 'rejected'

/**
 * The pair an admin decides a request with: Rechazar / Aprobar. Rechazar opens the (optional) reason;
 * from there the pair is Cancelar / Confirmar rechazo.
 */
export function ReviewButtons({
  id,
  pending,
  onDecide,
  approveLabel,
  withNote = true,
}: {
  id: string
  pending: boolean
  onDecide: (decision: ReviewDecision, note?: string) => void
  approveLabel?: string
  withNote?: boolean
}) {
  const { t } = useTranslation()
  const [rejecting, setRejecting] = useState(false)
  const [note, setNote] = useState('')
  const noteId = `reject-note-${id}`
  return (
    <div className="flex flex-col gap-2">
      {rejecting && withNote && (
        <>
          <label htmlFor={noteId} className="text-sm font-medium">
            {t('memberships.verifications.rejectNote')}
          </label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={500}
            className="min-h-20"
            onChange={(e) => {
              setNote(e.target.value)
            }}
          />
        </>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          className="h-11"
          disabled={pending}
          onClick={() => {
            setRejecting(!rejecting)
          }}
        >
          {t(rejecting ? 'memberships.verifications.cancel' : 'memberships.verifications.reject')}
        </Button>
        <Button
          variant={rejecting ? 'destructive' : 'default'}
          className="h-11"
          disabled={pending}
          aria-busy={pending}
          onClick={() => {
            if (rejecting) onDecide('rejected', note.trim() || undefined)
            else onDecide('approved')
          }}
        >
          {pending && <LoaderCircle className="animate-spin" aria-hidden />}
          {rejecting ? t('memberships.verifications.confirmReject') : (approveLabel ?? t('memberships.verifications.approve'))}
        </Button>
      </div>
    </div>
  )
}
