import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/** One field of a DateTimeFields: a date (`YYYY-MM-DD`) or a time (`HH:mm`) as the inputs hold them. */
export interface DateTimeField {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  /** Shows "(opcional)" and leaves it unrequired. */
  optional?: boolean
  error?: string
  /** The earliest and the latest value the picker offers. */
  min?: string
  max?: string
}

interface DateTimeFieldsProps {
  date: DateTimeField
  /** The times of that day: none (a due date), one (a moment) or two (a start and an end). */
  times?: readonly DateTimeField[]
  className?: string
}

/**
 * A date and the times of that day, laid out two to a row: the date has a row of its own unless a single
 * time sits beside it. Labelled fields, native pickers (the phone's own), one shape for every form.
 */
export function DateTimeFields({ date, times = [], className }: DateTimeFieldsProps) {
  const { t } = useTranslation()
  const field = (f: DateTimeField, type: 'date' | 'time', wide: boolean) => (
    <FormField
      key={f.id}
      id={f.id}
      label={f.label}
      error={f.error}
      optionalText={f.optional ? t('common.optional') : undefined}
      className={wide ? 'col-span-2' : undefined}
    >
      {(control) => (
        <Input
          {...control}
          type={type}
          required={!f.optional}
          min={f.min}
          max={f.max}
          value={f.value}
          onChange={(e) => {
            f.onChange(e.target.value)
          }}
        />
      )}
    </FormField>
  )
  return (
    <div className={cn('grid grid-cols-2 items-end gap-3', className)}>
      {field(date, 'date', times.length !== 1)}
      {times.map((time) => field(time, 'time', false))}
    </div>
  )
}
