import { useState, type SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useReviewProvider, type Provider } from '../api/providers'

/** An admin rejects a suggestion: the reason is required, and its suggester reads it. */
export function RejectDialog({ provider, onOpenChange }: { provider: Provider | undefined; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const review = useReviewProvider()
  const close = () => {
    setReason('')
    setError(undefined)
    onOpenChange(false)
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!provider) return
    if (!reason.trim()) {
      setError(t('providers.validation.reason'))
      return
    }
    review.mutate(
      { id: provider.id, decision: 'rejected', reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('providers.toasts.rejected'))
          close()
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }
  return (
    <Dialog
      open={provider !== undefined}
      onOpenChange={(open) => {
        if (!open) close()
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('providers.rejectTitle', { name: provider?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('providers.rejectDescription')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField id="reject-reason" label={t('providers.fields.reason')} error={error}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value)
                }}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={close}>
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={review.isPending}>{t('providers.reject')}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
