import { useState, type SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { MarkMaintenanceDoneInputBody as limits } from '@/lib/api/limits'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useMarkMaintenanceDone, type MaintenanceItem } from '../api/maintenance'

interface DoneDialogProps {
  /** The item being marked done; undefined when closed. */
  item?: MaintenanceItem
  today: string
  onOpenChange: (open: boolean) => void
}

/** 'Marcar como realizado': a day between the last time and today, and an optional note. */
export function DoneDialog({ item, today, onOpenChange }: DoneDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={item !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('maintenance.done.title')}</DialogTitle>
          <DialogDescription>{t('maintenance.done.description', { name: item?.name ?? '' })}</DialogDescription>
        </DialogHeader>
        {item && (
          <DoneForm
            item={item}
            today={today}
            onDone={() => {
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function DoneForm({ item, today, onDone }: { item: MaintenanceItem; today: string; onDone: () => void }) {
  const { t } = useTranslation()
  const [doneOn, setDoneOn] = useState(today)
  const [note, setNote] = useState('')
  const mark = useMarkMaintenanceDone()
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    mark.mutate(
      { id: item.id, doneOn, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(t('maintenance.toasts.done'))
          onDone()
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="maintenance-done-on" label={t('maintenance.done.date')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            min={item.lastDone}
            max={today}
            value={doneOn}
            onChange={(e) => {
              setDoneOn(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField id="maintenance-done-note" label={t('maintenance.done.note')} optionalText={t('common.optional')}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={limits.note}
            value={note}
            onChange={(e) => {
              setNote(e.target.value)
            }}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={mark.isPending}>{t('maintenance.done.submit')}</SubmitButton>
      </DialogFooter>
    </form>
  )
}
