import { FilterSelect, FilterSheet, FilterSwitch, filterBinding } from '@/components/filter-sheet'
import type { DrawerState } from '@/components/list-page'
import { useTranslation } from '@/lib/i18n'
import type { Member } from '@/lib/members'
import type { EventStatus } from '../api/list-events'

export interface EventFilterValues {
  createdBy?: string
  status?: EventStatus
  includeDeleted: boolean
}

export const NO_EVENT_FILTERS: EventFilterValues = { includeDeleted: false }

export function activeEventFilterCount(f: EventFilterValues): number {
  return [f.createdBy, f.status].filter(Boolean).length + (f.includeDeleted ? 1 : 0)
}

const STATUSES: readonly EventStatus[] = ['scheduled', 'completed']

interface EventFiltersProps extends DrawerState {
  value: EventFilterValues
  onChange: (value: EventFilterValues) => void
  members: Member[]
}

/** The filter drawer: created by, status and 'Mostrar eliminados'. Applies at once. */
export function EventFilters({ value, onChange, members, ...drawer }: EventFiltersProps) {
  const { t } = useTranslation()
  const people = members.map((m) => ({ value: m.id, label: m.fullName || t('common.user') }))
  const statuses = STATUSES.map((s) => ({ value: s, label: t(`events.status.${s}`) }))
  const filter = filterBinding(value, onChange)
  const anyone = t('events.filters.anyone')
  const all = t('events.filters.all')
  return (
    <FilterSheet
      {...drawer}
      section="events"
      side="bottom"
      canClear={activeEventFilterCount(value) > 0}
      onClear={() => {
        onChange(NO_EVENT_FILTERS)
      }}
    >
      <FilterSelect id="event-filter-creator" label={t('events.fields.createdBy')} anyLabel={anyone} options={people} {...filter('createdBy')} />
      <FilterSelect id="event-filter-status" label={t('events.fields.status')} anyLabel={all} options={statuses} {...filter('status')} />
      <FilterSwitch id="event-filter-deleted" label={t('events.filters.showDeleted')} {...filter('includeDeleted')} />
    </FilterSheet>
  )
}
