import { FilterSelect, FilterSheet, FilterSwitch, filterBinding } from '@/components/filter-sheet'
import type { DrawerState } from '@/components/list-page'
import { useTranslation } from '@/lib/i18n'
import type { Member } from '@/lib/members'
import type { IncidentPriority, IncidentStatus } from '../api/list-incidents'
import { useIncidentOptions } from '../lib/options'

export interface IncidentFilterValues {
  status?: IncidentStatus
  priority?: IncidentPriority
  assignedTo?: string
  createdBy?: string
  includeDeleted: boolean
}

export const NO_FILTERS: IncidentFilterValues = { includeDeleted: false }

/** How many filters are set (for the badge on the Filtros button). */
export function activeFilterCount(f: IncidentFilterValues): number {
  return [f.status, f.priority, f.assignedTo, f.createdBy].filter(Boolean).length + (f.includeDeleted ? 1 : 0)
}

interface IncidentFiltersProps extends DrawerState {
  value: IncidentFilterValues
  onChange: (value: IncidentFilterValues) => void
  members: Member[]
}

/** The filter side panel: status, priority, assignee, creator and 'Mostrar eliminadas'. Applies at once. */
export function IncidentFilters({ value, onChange, members, ...drawer }: IncidentFiltersProps) {
  const { t } = useTranslation()
  const { statuses, priorities, people } = useIncidentOptions(members)
  const filter = filterBinding(value, onChange)
  const all = t('incidents.filters.all')
  const anyone = t('incidents.filters.anyone')
  return (
    <FilterSheet
      {...drawer}
      section="incidents"
      canClear={activeFilterCount(value) > 0}
      onClear={() => {
        onChange(NO_FILTERS)
      }}
    >
      <FilterSelect id="filter-status" label={t('incidents.fields.status')} anyLabel={all} options={statuses} {...filter('status')} />
      <FilterSelect id="filter-priority" label={t('incidents.fields.priority')} anyLabel={all} options={priorities} {...filter('priority')} />
      <FilterSelect id="filter-assignee" label={t('incidents.fields.assignedTo')} anyLabel={anyone} options={people} {...filter('assignedTo')} />
      <FilterSelect id="filter-creator" label={t('incidents.fields.createdBy')} anyLabel={anyone} options={people} {...filter('createdBy')} />
      <FilterSwitch id="filter-deleted" label={t('incidents.filters.showDeleted')} {...filter('includeDeleted')} />
    </FilterSheet>
  )
}
