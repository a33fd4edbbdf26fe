import { Input } from '@/components/ui/input'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { useTranslation } from '@/lib/i18n'

interface TextFieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  /** Rows of a multi-line field; a one-line input when absent. */
  rows?: number
  /** Shows '(opcional)' after the label. */
  optional?: boolean
  required?: boolean
  autoFocus?: boolean
  error?: string
}

/** A labelled text input or text area of a form: the title, description and location of the dialogs. */
export function TextField({ id, label, value, onChange, maxLength, rows, optional, required, autoFocus, error }: TextFieldProps) {
  const { t } = useTranslation()
  return (
    <FormField id={id} label={label} error={error} optionalText={optional ? t('common.optional') : undefined}>
      {(control) =>
        rows ? (
          <Textarea
            {...control}
            rows={rows}
            maxLength={maxLength}
            required={required}
            autoFocus={autoFocus}
            value={value}
            onChange={(e) => {
              onChange(e.target.value)
            }}
          />
        ) : (
          <Input
            {...control}
            maxLength={maxLength}
            required={required}
            autoFocus={autoFocus}
            value={value}
            onChange={(e) => {
              onChange(e.target.value)
            }}
          />
        )
      }
    </FormField>
  )
}
