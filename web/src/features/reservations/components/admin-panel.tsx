import { useState } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useRecordDeposit, useReservations, useReviewReservation, type Reservation } from '../api/reservations'
import { ReservationItem } from './reservation-item'

/** What needs a reason before it is sent: a rejection or a retained deposit. */
type Asking = { kind: 'reject'; reservation: Reservation } | { kind: 'retain'; reservation: Reservation }

/** The admin's view: pending approvals first, then every coming reservation with its deposit steps. */
export function AdminPanel({ onCancel }: { onCancel: (r: Reservation) => void }) {
  const { t } = useTranslation()
  const all = useReservations({ all: true })
  const review = useReviewReservation()
  const deposit = useRecordDeposit()
  const [asking, setAsking] = useState<Asking | undefined>(undefined)
  const failed = (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
  const items = all.data?.items ?? []
  const pending = items.filter((r) => r.status === 'pending')
  const others = items.filter((r) => r.status !== 'pending')

  const actions = (r: Reservation) => (
    <>
      {r.status === 'pending' && (
        <>
          <Button
            size="sm"
            onClick={() => {
              review.mutate({ id: r.id, approve: true }, { onError: failed })
            }}
          >
            {t('reservations.admin.approve')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setAsking({ kind: 'reject', reservation: r })
            }}
          >
            {t('reservations.admin.reject')}
          </Button>
        </>
      )}
      {r.depositStatus === 'pending' && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            deposit.mutate({ id: r.id, status: 'received' }, { onError: failed })
          }}
        >
          {t('reservations.admin.depositReceived')}
        </Button>
      )}
      {r.depositStatus === 'received' && (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              deposit.mutate({ id: r.id, status: 'returned' }, { onError: failed })
            }}
          >
            {t('reservations.admin.depositReturned')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setAsking({ kind: 'retain', reservation: r })
            }}
          >
            {t('reservations.admin.depositRetained')}
          </Button>
        </>
      )}
      {r.canCancel && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            onCancel(r)
          }}
        >
          {t('reservations.mine.cancel')}
        </Button>
      )}
    </>
  )

  return (
    <section aria-labelledby="admin-reservations" className="flex flex-col gap-3">
      <h2 id="admin-reservations" className="text-lg font-semibold">
        {t('reservations.admin.title')}
      </h2>
      {all.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : all.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('reservations.admin.loadError')}
        </p>
      ) : (
        <>
          <h3 className="font-medium">{t('reservations.admin.pending', { count: pending.length })}</h3>
          <ul className="flex flex-col gap-3">
            {pending.map((r) => (
              <ReservationItem key={r.id} reservation={r} showWho>
                {actions(r)}
              </ReservationItem>
            ))}
          </ul>
          <h3 className="font-medium">{t('reservations.admin.all')}</h3>
          {others.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('reservations.admin.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {others.map((r) => (
                <ReservationItem key={r.id} reservation={r} showWho>
                  {actions(r)}
                </ReservationItem>
              ))}
            </ul>
          )}
        </>
      )}
      <ReasonDialog
        asking={asking}
        pending={review.isPending || deposit.isPending}
        onClose={() => {
          setAsking(undefined)
        }}
        onConfirm={(reason) => {
          if (!asking) return
          const done = {
            onSuccess: () => {
              setAsking(undefined)
            },
            onError: failed,
          }
          if (asking.kind === 'reject') review.mutate({ id: asking.reservation.id, approve: false, reason }, done)
          else deposit.mutate({ id: asking.reservation.id, status: 'retained', reason }, done)
        }}
      />
    </section>
  )
}

function ReasonDialog({
  asking,
  pending,
  onClose,
  onConfirm,
}: {
  asking: Asking | undefined
  pending: boolean
  onClose: () => void
  onConfirm: (reason: string) => void
}) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  return (
    <Dialog
      open={asking !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{asking?.kind === 'retain' ? t('reservations.admin.retainTitle') : t('reservations.admin.rejectTitle')}</DialogTitle>
          <DialogDescription>{asking?.reservation.facilityName}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            onConfirm(reason.trim())
          }}
        >
          <FormField id="admin-reason" label={t('reservations.reason')}>
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
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('reservations.cancel')}
            </Button>
            <SubmitButton pending={pending} disabled={!reason.trim()}>
              {t('reservations.admin.send')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
