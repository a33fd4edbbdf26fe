import type { ComponentProps } from 'react'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'

export interface SelectOption<T extends string = string> {
  value: T
  label: string
}

interface SelectFieldProps<T extends string> extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  id: string
  label: string
  error?: string
  /** A permanent help text under the select. */
  hint?: string
  options: readonly SelectOption<T>[]
  /** A first option with the empty value ('Todos', 'Cualquiera', 'Elige un miembro'). */
  emptyOption?: string
}

/**
 * A labelled native select and its error message. The rest of the props go to the select, so it takes
 * either value and onChange or a form's register().
 */
export function SelectField<T extends string>({ id, label, error, hint, options, emptyOption, ...props }: SelectFieldProps<T>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <NativeSelect {...control} {...props}>
          {emptyOption !== undefined && <option value="">{emptyOption}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
}
