import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Switch } from '@/components/ui/switch'
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

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item)
}

interface AnnouncementFiltersProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: AnnouncementFilterValues
  onChange: (value: AnnouncementFilterValues) => void
}

/** The filter drawer: status, priority and type checkboxes, 'Mostrar archivados', clear. Applies at once. */
export function AnnouncementFiltersSheet({ open, onOpenChange, value, onChange }: AnnouncementFiltersProps) {
  const { t } = useTranslation()
  const archivedId = useId()
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{t('announcements.filters.title')}</SheetTitle>
          <SheetDescription>{t('announcements.filters.description')}</SheetDescription>
        </SheetHeader>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={archivedId}>{t('announcements.filters.showArchived')}</Label>
          <Switch
            id={archivedId}
            checked={value.includeArchived}
            onCheckedChange={(includeArchived) => {
              // Without it, archived and deleted announcements are never listed: drop those choices.
              const status = includeArchived ? value.status : value.status.filter((s) => !ARCHIVED_STATUSES.includes(s))
              onChange({ ...value, includeArchived, status })
            }}
          />
        </div>
        <CheckboxGroup
          legend={t('announcements.filters.status')}
          options={STATUSES.map((s) => ({
            value: s,
            label: t(`announcements.status.${s}`),
            disabled: !value.includeArchived && ARCHIVED_STATUSES.includes(s),
          }))}
          hint={value.includeArchived ? undefined : t('announcements.filters.archivedHint')}
          selected={value.status}
          onToggle={(s, on) => {
            onChange({ ...value, status: toggle(value.status, s, on) })
          }}
        />
        <CheckboxGroup
          legend={t('announcements.filters.priority')}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${p}`) }))}
          selected={value.priority}
          onToggle={(p, on) => {
            onChange({ ...value, priority: toggle(value.priority, p, on) })
          }}
        />
        <CheckboxGroup
          legend={t('announcements.filters.type')}
          options={TYPES.map((type) => ({ value: type, label: t(`announcements.type.${type}`) }))}
          selected={value.type}
          onToggle={(type, on) => {
            onChange({ ...value, type: toggle(value.type, type, on) })
          }}
        />
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <Button
            variant="outline"
            disabled={activeFilterCount(value) === 0}
            onClick={() => {
              onChange(NO_FILTERS)
            }}
          >
            {t('announcements.filters.clear')}
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false)
            }}
          >
            {t('announcements.filters.apply')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  )
}

interface CheckboxGroupProps<T extends string> {
  legend: string
  options: { value: T; label: string; disabled?: boolean }[]
  selected: readonly T[]
  hint?: string
  onToggle: (value: T, on: boolean) => void
}

function CheckboxGroup<T extends string>({ legend, options, selected, hint, onToggle }: CheckboxGroupProps<T>) {
  const id = useId()
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex min-h-9 cursor-pointer items-center gap-3 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          <Checkbox
            checked={selected.includes(option.value)}
            disabled={option.disabled}
            onChange={(e) => {
              onToggle(option.value, e.target.checked)
            }}
          />
          {option.label}
        </label>
      ))}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </fieldset>
  )
}
