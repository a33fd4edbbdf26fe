import { useId, type ReactNode } from 'react'
import type { DrawerState, ListSection } from '@/components/list-page'
import { SelectField, type SelectOption } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Switch } from '@/components/ui/switch'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

interface FilterSheetProps extends DrawerState {
  section: ListSection
  side?: 'right' | 'bottom'
  /** Whether any filter is set: 'Limpiar filtros' is disabled otherwise. */
  canClear: boolean
  onClear: () => void
  /** Extra classes for the row of buttons at the foot. */
  footerClassName?: string
  children: ReactNode
}

/**
 * A list's filter drawer: its title, the filters, 'Limpiar filtros' and the button that closes it
 * ('Ver resultados'). Filters apply as they change, so closing is all that button does.
 */
export function FilterSheet({ open, onOpenChange, section, side, canClear, onClear, footerClassName, children }: FilterSheetProps) {
  const { t } = useTranslation()
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side={side}>
        <SheetHeader>
          <SheetTitle>{t(`${section}.filters.title`)}</SheetTitle>
          <SheetDescription>{t(`${section}.filters.description`)}</SheetDescription>
        </SheetHeader>
        {children}
        <div className={cn('mt-auto flex flex-col gap-2', footerClassName)}>
          <Button variant="outline" disabled={!canClear} onClick={onClear}>
            {t(`${section}.filters.clear`)}
          </Button>
          <SheetClose asChild>
            <Button>{t(`${section}.filters.apply`)}</Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  )
}

interface FilterSelectProps<T extends string> {
  id: string
  label: string
  /** The first choice, which filters nothing ('Todos', 'Cualquiera'). */
  anyLabel: string
  options: readonly SelectOption<T>[]
  value: T | undefined
  onChange: (value: T | undefined) => void
}

/** A select over one filter: its value is one of the options, or none. */
export function FilterSelect<T extends string>({ id, label, anyLabel, options, value, onChange }: FilterSelectProps<T>) {
  return (
    <SelectField
      id={id}
      label={label}
      emptyOption={anyLabel}
      options={options}
      value={value ?? ''}
      onChange={(e) => {
        onChange(options.find((option) => option.value === e.target.value)?.value)
      }}
    />
  )
}

/** Ties controls to a list's filters: `{...filter('status')}` gives one its value and onChange. */
export function filterBinding<F>(filters: F, onChange: (filters: F) => void) {
  return <K extends keyof F>(key: K) => ({
    value: filters[key],
    onChange: (chosen: F[K]) => {
      onChange({ ...filters, [key]: chosen })
    },
  })
}

interface FilterSwitchProps {
  id: string
  label: string
  value: boolean
  onChange: (value: boolean) => void
}

/** An on/off filter ('Mostrar eliminadas'), its label on the left. */
export function FilterSwitch({ id, label, value, onChange }: FilterSwitchProps) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={value} onCheckedChange={onChange} />
    </div>
  )
}

interface FilterCheckboxesProps<T extends string> {
  legend: string
  options: readonly (SelectOption<T> & { disabled?: boolean })[]
  value: readonly T[]
  onChange: (value: T[]) => void
  hint?: string
}

/** A filter that takes several values: one checkbox each, in a fieldset named by its legend. */
export function FilterCheckboxes<T extends string>({ legend, options, value, onChange, hint }: FilterCheckboxesProps<T>) {
  const id = useId()
  const toggle = (option: T, on: boolean) => {
    const others = value.filter((v) => v !== option)
    onChange(on ? [...others, option] : others)
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex min-h-9 cursor-pointer items-center gap-3 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          <Checkbox
            checked={value.includes(option.value)}
            disabled={option.disabled}
            onChange={(e) => {
              toggle(option.value, e.target.checked)
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
