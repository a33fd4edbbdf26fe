import { useState, type SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useBook, useModifyReservation, type Facility, type Reservation, type SlotInput } from '../api/reservations'
import { formatLocalDate } from '@/lib/local-date'
import { euros, lastBookableDate, today } from '../lib/format'

interface BookingDialogProps {
  facility: Facility | undefined
  /** The slot picked on the list or the calendar; the form starts from it. */
  slot: SlotInput | undefined
  /** Set when moving an existing reservation (Modificar) instead of booking. */
  reservation?: Reservation
  /** An admin changing someone else's reservation, or one past its window, gives a reason. */
  needsReason?: boolean
  onClose: () => void
}

/**
 * 'Nueva Reserva', the second tap of a booking from the calendar, and 'Modificar': the day and hours
 * (already filled in from the slot), what the booking implies (deposit, approval) and the confirm button.
 */
export function BookingDialog({ facility, slot, reservation, needsReason = false, onClose }: BookingDialogProps) {
  const { t } = useTranslation()
  const open = facility !== undefined && slot !== undefined
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{reservation ? t('reservations.booking.modifyTitle') : t('reservations.booking.title')}</DialogTitle>
          <DialogDescription>{facility?.name}</DialogDescription>
        </DialogHeader>
        {open && (
          <BookingForm facility={facility} slot={slot} reservation={reservation} needsReason={needsReason} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function BookingForm({
  facility,
  slot,
  reservation,
  needsReason,
  onDone,
}: {
  facility: Facility
  slot: SlotInput
  reservation?: Reservation
  needsReason: boolean
  onDone: () => void
}) {
  const { t, i18n } = useTranslation()
  const [value, setValue] = useState(slot)
  const [reason, setReason] = useState('')
  const book = useBook()
  const modify = useModifyReservation()
  const pending = book.isPending || modify.isPending

  const failed = (err: unknown) => {
    toast.error(t('reservations.toasts.bookError'), { description: problemMessage(err, t) })
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (reservation) {
      modify.mutate(
        { id: reservation.id, ...value, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        {
          onSuccess: () => {
            toast.success(t('reservations.toasts.modified'), { duration: 2000 })
            onDone()
          },
          onError: failed,
        },
      )
      return
    }
    book.mutate(
      { facilityId: facility.id, ...value },
      {
        onSuccess: (r) => {
          toast.success(r.status === 'pending' ? t('reservations.toasts.requested') : t('reservations.toasts.booked'), { duration: 2000 })
          onDone()
        },
        onError: failed,
      },
    )
  }
  const fixed = facility.slotMinutes > 0 && !reservation
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {fixed ? (
        <p className="rounded-xl bg-muted p-3 font-medium">
          {t('reservations.booking.when', {
            day: formatLocalDate(value.date, i18n.language, true),
            start: value.start,
            end: value.end,
          })}
        </p>
      ) : (
        <div className="grid grid-cols-3 gap-2">
          <FormField id="booking-date" label={t('reservations.booking.date')} className="col-span-3">
            {(control) => (
              <Input
                {...control}
                type="date"
                min={today(facility.timeZone)}
                max={lastBookableDate(facility)}
                value={value.date}
                onChange={(e) => {
                  setValue({ ...value, date: e.target.value })
                }}
              />
            )}
          </FormField>
          <FormField id="booking-start" label={t('reservations.booking.start')} className="col-span-1">
            {(control) => (
              <Input
                {...control}
                type="time"
                step={900}
                value={value.start}
                onChange={(e) => {
                  setValue({ ...value, start: e.target.value })
                }}
              />
            )}
          </FormField>
          <FormField id="booking-end" label={t('reservations.booking.end')} className="col-span-1">
            {(control) => (
              <Input
                {...control}
                type="time"
                step={900}
                value={value.end}
                onChange={(e) => {
                  setValue({ ...value, end: e.target.value })
                }}
              />
            )}
          </FormField>
        </div>
      )}
      <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
        {facility.depositCents > 0 && <li>{t('reservations.booking.deposit', { amount: euros(facility.depositCents, i18n.language) })}</li>}
        {facility.needsApproval && <li>{t('reservations.booking.approval')}</li>}
        <li>{t('reservations.booking.window', { hours: facility.cancelHours })}</li>
      </ul>
      {needsReason && (
        <FormField id="booking-reason" label={t('reservations.reason')}>
          {(control) => (
            <Input
              {...control}
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
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('reservations.cancel')}
        </Button>
        <SubmitButton pending={pending}>{reservation ? t('reservations.booking.save') : t('reservations.booking.confirm')}</SubmitButton>
      </DialogFooter>
    </form>
  )
}
