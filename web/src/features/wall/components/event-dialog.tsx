import { useState, type SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { combineDateAndTime, toDateInputValue } from '@/lib/dates'
import { useCreateEvent } from '../api/wall'

interface EventDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The created event, for the post to link. */
  onCreated: (event: { id: string; title: string }) => void
}

/** The composer's Evento: creates the event in the community calendar (the events API). */
export function EventDialog({ open, onOpenChange, onCreated }: EventDialogProps) {
  const { t } = useTranslation()
  const [title, setTitle] = useState('')
  const [date, setDate] = useState(toDateInputValue(new Date()))
  const [time, setTime] = useState('')
  const create = useCreateEvent()
  const start = combineDateAndTime(date, time)
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    if (!title.trim() || !start) return
    create.mutate(
      { title: title.trim(), startAt: start.toISOString() },
      {
        onSuccess: (ev) => {
          onCreated({ id: ev.id, title: ev.title })
          setTitle('')
          setTime('')
          onOpenChange(false)
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('wall.event.title')}</DialogTitle>
          <DialogDescription>{t('wall.event.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField id="wall-event-title" label={t('wall.event.name')}>
            {(control) => (
              <Input
                {...control}
                maxLength={200}
                value={title}
                onChange={(e) => {
                  setTitle(e.target.value)
                }}
              />
            )}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField id="wall-event-date" label={t('wall.event.date')}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={date}
                  onChange={(e) => {
                    setDate(e.target.value)
                  }}
                />
              )}
            </FormField>
            <FormField id="wall-event-time" label={t('wall.event.time')}>
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  value={time}
                  onChange={(e) => {
                    setTime(e.target.value)
                  }}
                />
              )}
            </FormField>
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                onOpenChange(false)
              }}
            >
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={create.isPending} disabled={!title.trim() || !start}>
              {t('wall.event.create')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
