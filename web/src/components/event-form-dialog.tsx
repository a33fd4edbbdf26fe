import { TextField } from '@/components/text-field'
import { useState, type SyntheticEvent } from 'react'
import { DateTimeFields } from '@/components/date-time-fields'
import { FormDialog, FormDialogFooter } from '@/components/form-dialog'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { combineDateAndTime, toDateInputValue, toTimeInputValue } from '@/lib/dates'
import { useCreateEvent, useUpdateEvent, type CommunityEvent } from '@/lib/events'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'

interface EventFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The event to edit; undefined to create one. */
  event?: CommunityEvent
  /** The date a new event starts with (the selected calendar day, or today). */
  defaultDate: Date
  /** Told of the event just created (the wall's 'Evento' links it from the post). */
  onCreated?: (event: CommunityEvent) => void
}

/** 'Nuevo Evento' / 'Editar Evento': the calendar's form, on /events and behind the wall's 'Evento'. */
export function EventFormDialog({ event, defaultDate, onCreated, ...dialog }: EventFormDialogProps) {
  return (
    <FormDialog {...dialog} section="events" editing={event !== undefined}>
      {(close) => <EventForm event={event} defaultDate={defaultDate} onCreated={onCreated} onDone={close} />}
    </FormDialog>
  )
}

interface EventFormProps {
  event?: CommunityEvent
  defaultDate: Date
  onCreated?: (event: CommunityEvent) => void
  onDone: () => void
}

function EventForm({ event, defaultDate, onCreated, onDone }: EventFormProps) {
  const { t } = useTranslation()
  const { user } = useSession()
  const [title, setTitle] = useState(event?.title ?? '')
  const [description, setDescription] = useState(event?.description ?? '')
  const [location, setLocation] = useState(event?.location ?? '')
  const [date, setDate] = useState(toDateInputValue(event?.startAt ?? defaultDate))
  const [startTime, setStartTime] = useState(event ? toTimeInputValue(event.startAt) : '')
  const [endTime, setEndTime] = useState(event?.endAt ? toTimeInputValue(event.endAt) : '')
  const create = useCreateEvent()
  const update = useUpdateEvent()
  const saving = create.isPending || update.isPending
  const complete = title.trim() !== '' && date !== '' && startTime !== ''

  const failed = (err: unknown) => {
    const detail = err instanceof ApiError && err.status < 500 ? err.detail : undefined
    toast.error(t('common.error'), {
      description: detail ? `${t('events.toasts.saveError')}: ${detail}` : t('events.toasts.saveError'),
    })
  }

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const start = combineDateAndTime(date, startTime)
    if (!complete || !start) return
    // The end uses the same date as the start.
    const end = endTime ? combineDateAndTime(date, endTime) : null
    if (!event && !user?.communityId) {
      toast.error(t('common.error'), { description: t('events.toasts.noCommunity') })
      return
    }
    const common = { title: title.trim(), description: description.trim(), location: location.trim(), startAt: start.toISOString() }
    if (event) {
      update.mutate(
        { id: event.id, body: { ...common, ...(end ? { endAt: end.toISOString() } : { clearEndAt: true }) } },
        {
          onSuccess: () => {
            toast.success(t('events.toasts.updated'), { duration: 2000 })
            onDone()
          },
          onError: failed,
        },
      )
    } else {
      create.mutate(
        {
          title: common.title,
          startAt: common.startAt,
          ...(common.description ? { description: common.description } : {}),
          ...(common.location ? { location: common.location } : {}),
          ...(end ? { endAt: end.toISOString() } : {}),
        },
        {
          onSuccess: (created) => {
            toast.success(t('events.toasts.created'), { duration: 2000 })
            onCreated?.(created)
            onDone()
          },
          onError: failed,
        },
      )
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField id="event-title" label={t('events.fields.title')} autoFocus required maxLength={200} value={title} onChange={setTitle} />
      <TextField id="event-description" label={t('events.fields.description')} optional rows={3} maxLength={5000} value={description} onChange={setDescription} />
      <TextField id="event-location" label={t('events.fields.location')} optional maxLength={200} value={location} onChange={setLocation} />
      <DateTimeFields
        date={{ id: 'event-date', label: t('events.fields.date'), value: date, onChange: setDate }}
        times={[
          { id: 'event-start', label: t('events.fields.startTime'), value: startTime, onChange: setStartTime },
          { id: 'event-end', label: t('events.fields.endTime'), value: endTime, onChange: setEndTime, optional: true },
        ]}
      />
      <FormDialogFooter section="events" editing={event !== undefined} onCancel={onDone} pending={saving} disabled={!complete} />
    </form>
  )
}
