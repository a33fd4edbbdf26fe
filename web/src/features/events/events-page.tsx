import { addDays, isSameDay, isToday, startOfDay, startOfMonth } from 'date-fns'
import { CalendarRange, List } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { EventFormDialog } from '@/components/event-form-dialog'
import { ListEmpty, ListHeader, ListLoading, ListPage, ListToolbar, type DrawerState } from '@/components/list-page'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Segmented } from '@/components/ui/segmented'
import { toast } from '@/components/ui/toast'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useMembers } from '@/lib/members'
import { useDebounced } from '@/lib/use-debounced'
import { useDeleteEvent } from './api/delete-event'
import { useEvents, type CommunityEvent } from './api/list-events'
import { CalendarFeedDialog } from './components/calendar-feed-dialog'
import { EventCard } from './components/event-card'
import { activeEventFilterCount, EventFilters, NO_EVENT_FILTERS, type EventFilterValues } from './components/event-filters'
import { dayKey, monthGridRange, MonthCalendar } from './components/month-calendar'

type View = 'list' | 'calendar'

/** 'Eventos': search, filters, list (today and upcoming) or month calendar, and the event dialogs. */
export function EventsPage() {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [view, setView] = useState<View>('list')
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [filters, setFilters] = useState<EventFilterValues>(NO_EVENT_FILTERS)
  const [selected, setSelected] = useState(() => startOfDay(new Date()))
  const [month, setMonth] = useState(() => startOfMonth(new Date()))
  // The form: closed, creating (null) or editing an event.
  const [editing, setEditing] = useState<CommunityEvent | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<CommunityEvent | undefined>(undefined)
  const members = useMembers()
  const remove = useDeleteEvent()

  // The list starts today; the calendar asks for the weeks its grid shows.
  const [today] = useState(() => startOfDay(new Date()))
  const weekStartsOn = dates.locale.options?.weekStartsOn ?? 1
  const range = useMemo(() => {
    if (view === 'list') return { from: today.toISOString() }
    const grid = monthGridRange(month, weekStartsOn)
    return { from: grid.start.toISOString(), to: addDays(startOfDay(grid.end), 1).toISOString() }
  }, [view, today, month, weekStartsOn])
  const events = useEvents({
    ...range,
    q: q || undefined,
    createdBy: filters.createdBy,
    status: filters.status,
    includeDeleted: filters.includeDeleted || undefined,
  })

  useEffect(() => {
    if (events.isError) toast.error(t('common.error'), { description: t('events.toasts.loadError') })
  }, [events.isError, t])

  const items = events.data ?? []
  const filtered = q !== '' || activeEventFilterCount(filters) > 0
  const filterCount = activeEventFilterCount(filters)

  const startCreating = () => {
    setEditing(null)
  }
  const filterDrawer = (drawer: DrawerState) => (
    <EventFilters {...drawer} value={filters} onChange={setFilters} members={members.data ?? []} />
  )

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('events.toasts.deleted'), { duration: 2000 })
        setDeleting(undefined)
      },
      onError: () => {
        toast.error(t('common.error'), { description: t('events.toasts.deleteError') })
      },
    })
  }

  const card = (event: CommunityEvent, showDate = false) => (
    <li key={event.id}>
      <EventCard
        event={event}
        showDate={showDate}
        onEdit={() => {
          setEditing(event)
        }}
        onDelete={() => {
          setDeleting(event)
        }}
      />
    </li>
  )

  let content
  if (events.isPending) {
    content = <ListLoading section="events" />
  } else if (view === 'list') {
    const todays = items.filter((e) => isToday(new Date(e.startAt)))
    const upcoming = items.filter((e) => new Date(e.startAt) >= addDays(today, 1))
    content =
      todays.length + upcoming.length === 0 ? (
        <ListEmpty section="events" filtered={filtered} />
      ) : (
        <div className="flex flex-col gap-6">
          {todays.length > 0 && (
            <section aria-labelledby="events-today">
              <h2 id="events-today" className="mb-3 text-lg font-semibold">
                {t('events.today')}
              </h2>
              <ul className="flex flex-col gap-3">{todays.map((e) => card(e))}</ul>
            </section>
          )}
          {upcoming.length > 0 && (
            <section aria-labelledby="events-upcoming">
              <h2 id="events-upcoming" className="mb-3 text-lg font-semibold">
                {t('events.upcoming')}
              </h2>
              <ul className="flex flex-col gap-3">{upcoming.map((e) => card(e, true))}</ul>
            </section>
          )}
        </div>
      )
  } else {
    const eventDays = new Set(items.map((e) => dayKey(new Date(e.startAt))))
    const ofDay = items.filter((e) => isSameDay(new Date(e.startAt), selected))
    content = (
      <div className="flex flex-col gap-4">
        <MonthCalendar month={month} onMonthChange={setMonth} selected={selected} onSelect={setSelected} eventDays={eventDays} />
        <section aria-labelledby="events-of-day">
          <h2 id="events-of-day" className="mb-3 text-lg font-semibold">
            {t('events.calendar.eventsOf', { date: dates.longDate(selected) })}
          </h2>
          {ofDay.length === 0 ? (
            <p className="py-4 text-center text-muted-foreground">{t('events.calendar.noEvents')}</p>
          ) : (
            <ul className="flex flex-col gap-3">{ofDay.map((e) => card(e))}</ul>
          )}
        </section>
      </div>
    )
  }

  return (
    <ListPage>
      <ListHeader section="events" onNew={startCreating} />
      <ListToolbar section="events" search={search} onSearchChange={setSearch} filterCount={filterCount} drawer={filterDrawer} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <Segmented
          label={t('events.view.label')}
          value={view}
          onValueChange={setView}
          options={[
            { value: 'list', label: <><List aria-hidden />{t('events.view.list')}</> },
            { value: 'calendar', label: <><CalendarRange aria-hidden />{t('events.view.calendar')}</> },
          ]}
        />
      </div>
      <CalendarFeedDialog />

      {content}

      <EventFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined)
        }}
        event={editing ?? undefined}
        defaultDate={view === 'calendar' ? selected : today}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined)
        }}
        title={t('events.deleteDialog.title')}
        description={t('events.deleteDialog.description')}
        cancelLabel={t('events.cancel')}
        confirmLabel={t('events.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </ListPage>
  )
}
