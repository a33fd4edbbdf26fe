import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { Label } from './label'

/** What a field's control needs to be labelled and tied to its hint and error message. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FormFieldProps {
  id: string
  label: ReactNode
  /** The field's validation message; marks the control invalid and is read out with it. */
  error?: string
  /** A permanent help text under the control. */
  hint?: ReactNode
  /** Shows "(opcional)"-style text after the label, passed already translated. */
  optionalText?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/** A label, a control and its messages, wired for assistive technology (aria-invalid, aria-describedby). */
export function FormField({ id, label, error, hint, optionalText, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {/* A real space, not only a margin: screen readers read the label and the hint as two words. */}
        {optionalText && <span className="font-normal text-muted-foreground"> {optionalText}</span>}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}
