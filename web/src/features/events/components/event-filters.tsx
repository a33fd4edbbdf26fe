import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Switch } from '@/components/ui/switch'
import type { EventStatus } from '../api/list-events'
import type { Member } from '../api/list-members'

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

interface EventFiltersProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  value: EventFilterValues
  onChange: (value: EventFilterValues) => void
  members: Member[]
}

/** The filter drawer: created by, status and 'Mostrar eliminados'. Applies at once. */
export function EventFilters({ open, onOpenChange, value, onChange, members }: EventFiltersProps) {
  const { t } = useTranslation()
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom">
        <SheetHeader>
          <SheetTitle>{t('events.filters.title')}</SheetTitle>
          <SheetDescription>{t('events.filters.description')}</SheetDescription>
        </SheetHeader>
        <FormField id="event-filter-creator" label={t('events.fields.createdBy')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={value.createdBy ?? ''}
              onChange={(e) => {
                onChange({ ...value, createdBy: e.target.value || undefined })
              }}
            >
              <option value="">{t('events.filters.anyone')}</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.fullName || t('common.user')}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="event-filter-status" label={t('events.fields.status')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={value.status ?? ''}
              onChange={(e) => {
                const status = STATUSES.find((s) => s === e.target.value)
                onChange({ ...value, status })
              }}
            >
              <option value="">{t('events.filters.all')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`events.status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="event-filter-deleted">{t('events.filters.showDeleted')}</Label>
          <Switch
            id="event-filter-deleted"
            checked={value.includeDeleted}
            onCheckedChange={(includeDeleted) => {
              onChange({ ...value, includeDeleted })
            }}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            disabled={activeEventFilterCount(value) === 0}
            onClick={() => {
              onChange(NO_EVENT_FILTERS)
            }}
          >
            {t('events.filters.clear')}
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false)
            }}
          >
            {t('events.filters.apply')}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  )
}
