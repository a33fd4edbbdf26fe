import { useState, type SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useCancelReservation, type Reservation } from '../api/reservations'

/** Cancelar una reserva; an admin cancelling someone else's, or past the window, gives the reason the owner is mailed. */
export function CancelDialog({ reservation, needsReason, onClose }: { reservation: Reservation | undefined; needsReason: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const cancel = useCancelReservation()
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!reservation) return
    cancel.mutate(
      { id: reservation.id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(t('reservations.toasts.cancelled'), { duration: 2000 })
          setReason('')
          onClose()
        },
        onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
      },
    )
  }
  return (
    <Dialog
      open={reservation !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('reservations.cancelDialog.title')}</DialogTitle>
          <DialogDescription>
            {reservation && t('reservations.cancelDialog.description', { facility: reservation.facilityName, start: reservation.start })}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {needsReason && (
            <FormField id="cancel-reason" label={t('reservations.reason')}>
              {(control) => (
                <Input
                  {...control}
                  required
                  maxLength={500}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value)
                  }}
                />
              )}
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('reservations.cancelDialog.keep')}
            </Button>
            <SubmitButton variant="destructive" pending={cancel.isPending}>
              {t('reservations.cancelDialog.confirm')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
