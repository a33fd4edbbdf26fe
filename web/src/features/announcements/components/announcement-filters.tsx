import { useId } from 'react'
import { FilterCheckboxes, FilterSheet, FilterSwitch, filterBinding } from '@/components/filter-sheet'
import type { DrawerState } from '@/components/list-page'
import { useTranslation } from '@/lib/i18n'
import type {
  AnnouncementFilters,
  AnnouncementPriority,
  AnnouncementStatus,
  AnnouncementType,
} from '../api/list-announcements'
import { ARCHIVED_STATUSES, PRIORITIES, STATUSES, TYPES } from '../lib/labels'

export interface AnnouncementFilterValues {
  status: AnnouncementStatus[]
  priority: AnnouncementPriority[]
  type: AnnouncementType[]
  includeArchived: boolean
}

export const NO_FILTERS: AnnouncementFilterValues = { status: [], priority: [], type: [], includeArchived: false }

/** How many filters are set (for the badge on the Filtros button). */
export function activeFilterCount(f: AnnouncementFilterValues): number {
  return f.status.length + f.priority.length + f.type.length + (f.includeArchived ? 1 : 0)
}

/** The filters as the list call takes them: empty choices are left out (status=a&status=b otherwise). */
export function toQuery(f: AnnouncementFilterValues, q: string): AnnouncementFilters {
  return {
    ...(q ? { q } : {}),
    ...(f.status.length ? { status: f.status } : {}),
    ...(f.priority.length ? { priority: f.priority } : {}),
    ...(f.type.length ? { type: f.type } : {}),
    ...(f.includeArchived ? { includeArchived: true } : {}),
  }
}

interface AnnouncementFiltersProps extends DrawerState {
  value: AnnouncementFilterValues
  onChange: (value: AnnouncementFilterValues) => void
}

/** The filter drawer: status, priority and type checkboxes, 'Mostrar archivados', clear. Applies at once. */
export function AnnouncementFiltersSheet({ value, onChange, ...drawer }: AnnouncementFiltersProps) {
  const { t } = useTranslation()
  const archivedId = useId()
  const priorities = PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${p}`) }))
  const types = TYPES.map((type) => ({ value: type, label: t(`announcements.type.${type}`) }))
  const filter = filterBinding(value, onChange)
  return (
    <FilterSheet
      {...drawer}
      section="announcements"
      canClear={activeFilterCount(value) > 0}
      onClear={() => {
        onChange(NO_FILTERS)
      }}
      footerClassName="pt-2"
    >
      <FilterSwitch
        id={archivedId}
        label={t('announcements.filters.showArchived')}
        value={value.includeArchived}
        onChange={(includeArchived) => {
          // Without it, archived and deleted announcements are never listed: drop those choices.
          const status = includeArchived ? value.status : value.status.filter((s) => !ARCHIVED_STATUSES.includes(s))
          onChange({ ...value, includeArchived, status })
        }}
      />
      <FilterCheckboxes
        legend={t('announcements.filters.status')}
        options={STATUSES.map((s) => ({
          value: s,
          label: t(`announcements.status.${s}`),
          disabled: !value.includeArchived && ARCHIVED_STATUSES.includes(s),
        }))}
        hint={value.includeArchived ? undefined : t('announcements.filters.archivedHint')}
        {...filter('status')}
      />
      <FilterCheckboxes legend={t('announcements.filters.priority')} options={priorities} {...filter('priority')} />
      <FilterCheckboxes legend={t('announcements.filters.type')} options={types} {...filter('type')} />
    </FilterSheet>
  )
}
