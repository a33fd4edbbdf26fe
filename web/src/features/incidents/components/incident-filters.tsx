import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Switch } from '@/components/ui/switch'
import type { IncidentPriority, IncidentStatus } from '../api/list-incidents'
import type { Member } from '../api/list-members'
import { PRIORITIES, STATUSES } from '../lib/labels'

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

interface IncidentFiltersProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: IncidentFilterValues
  onChange: (value: IncidentFilterValues) => void
  members: Member[]
}

function oneOf<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value)
}

/** The filter side panel: status, priority, assignee, creator and 'Mostrar eliminadas'. Applies at once. */
export function IncidentFilters({ open, onOpenChange, value, onChange, members }: IncidentFiltersProps) {
  const { t } = useTranslation()
  const people = members.map((m) => (
    <option key={m.id} value={m.id}>
      {m.fullName || t('common.user')}
    </option>
  ))
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{t('incidents.filters.title')}</SheetTitle>
          <SheetDescription>{t('incidents.filters.description')}</SheetDescription>
        </SheetHeader>
        <FormField id="filter-status" label={t('incidents.fields.status')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={value.status ?? ''}
              onChange={(e) => {
                onChange({ ...value, status: oneOf(STATUSES, e.target.value) })
              }}
            >
              <option value="">{t('incidents.filters.all')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`incidents.status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="filter-priority" label={t('incidents.fields.priority')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={value.priority ?? ''}
              onChange={(e) => {
                onChange({ ...value, priority: oneOf(PRIORITIES, e.target.value) })
              }}
            >
              <option value="">{t('incidents.filters.all')}</option>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(`incidents.priority.${p}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="filter-assignee" label={t('incidents.fields.assignedTo')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={value.assignedTo ?? ''}
              onChange={(e) => {
                onChange({ ...value, assignedTo: e.target.value || undefined })
              }}
            >
              <option value="">{t('incidents.filters.anyone')}</option>
              {people}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="filter-creator" label={t('incidents.fields.createdBy')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={value.createdBy ?? ''}
              onChange={(e) => {
                onChange({ ...value, createdBy: e.target.value || undefined })
              }}
            >
              <option value="">{t('incidents.filters.anyone')}</option>
              {people}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="filter-deleted">{t('incidents.filters.showDeleted')}</Label>
          <Switch
            id="filter-deleted"
            checked={value.includeDeleted}
            onCheckedChange={(includeDeleted) => {
              onChange({ ...value, includeDeleted })
            }}
          />
        </div>
        <div className="mt-auto flex flex-col gap-2">
          <Button
            variant="outline"
            disabled={activeFilterCount(value) === 0}
            onClick={() => {
              onChange(NO_FILTERS)
            }}
          >
            {t('incidents.filters.clear')}
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false)
            }}
          >
            {t('incidents.filters.apply')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  )
}
