import { addDays, isSameDay, isToday, startOfDay, startOfMonth } from 'date-fns'
import { CalendarRange, List, LoaderCircle, Plus, Search, SlidersHorizontal } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Input } from '@/components/ui/input'
import { Segmented } from '@/components/ui/segmented'
import { toast } from '@/components/ui/toast'
import { useDateFormat } from '@/lib/dates'
import { useDebounced } from '@/lib/use-debounced'
import { useDeleteEvent } from './api/delete-event'
import { useEvents, type CommunityEvent } from './api/list-events'
import { useMembers } from './api/list-members'
import { CalendarFeedDialog } from './components/calendar-feed-dialog'
import { EventCard } from './components/event-card'
import { activeEventFilterCount, EventFilters, NO_EVENT_FILTERS, type EventFilterValues } from './components/event-filters'
import { EventFormDialog } from './components/event-form-dialog'
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
  const [filtersOpen, setFiltersOpen] = useState(false)
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

  const loading = (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
      <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden />
      {t('events.loading')}
    </p>
  )

  let content
  if (events.isPending) {
    content = loading
  } else if (view === 'list') {
    const todays = items.filter((e) => isToday(new Date(e.startAt)))
    const upcoming = items.filter((e) => new Date(e.startAt) >= addDays(today, 1))
    content =
      todays.length + upcoming.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">{filtered ? t('events.emptySearch') : t('events.empty')}</p>
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
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{t('events.title')}</h1>
          <Button
            onClick={() => {
              setEditing(null)
            }}
          >
            <Plus aria-hidden />
            {t('events.new')}
          </Button>
        </div>
        <p className="text-muted-foreground">{t('events.subtitle')}</p>
      </header>

      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value)
            }}
            placeholder={t('events.searchPlaceholder')}
            aria-label={t('events.searchLabel')}
            className="pl-9"
          />
        </div>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          onClick={() => {
            setFiltersOpen(true)
          }}
          aria-label={filterCount > 0 ? t('events.filters.openWithCount', { count: filterCount }) : t('events.filters.open')}
        >
          <SlidersHorizontal aria-hidden />
          {filterCount > 0 && (
            <span className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-[0.65rem] text-primary-foreground">
              {filterCount}
            </span>
          )}
        </Button>
      </div>

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

      <EventFilters
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        value={filters}
        onChange={setFilters}
        members={members.data ?? []}
      />
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
    </main>
  )
}
