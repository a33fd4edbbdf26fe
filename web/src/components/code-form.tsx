import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

interface CodeFormProps {
  id: string
  label: string
  hint?: string
  error?: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  pending: boolean
  submitLabel: string
  onSubmit: () => void
}

/** A form of one code (a community's join code, an office's code or NIF) and its button. */
export function CodeForm({ id, label, hint, error, value, onChange, maxLength, pending, submitLabel, onSubmit }: CodeFormProps) {
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
    >
      <FormField id={id} label={label} hint={hint} error={error}>
        {(control) => (
          <Input
            {...control}
            value={value}
            onChange={(event) => {
              onChange(event.target.value)
            }}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={maxLength}
            required
          />
        )}
      </FormField>
      <Button type="submit" disabled={pending || value.trim() === ''} aria-busy={pending}>
        {submitLabel}
      </Button>
    </form>
  )
}
