import type { ComponentProps } from 'react'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useTranslation } from '@/lib/i18n'

/** A form's registration of a text field: react-hook-form's `register(name)`, or the small form's (lib/small-form). */
type FieldRegistration = Pick<ComponentProps<'input'>, 'name' | 'onChange' | 'onBlur' | 'ref'>

interface EmailFieldProps {
  id: string
  /** The form's registration of its email field. */
  field: FieldRegistration
  error?: string
}

/** The 'Correo electrónico' field of the sign-in, sign-up and recovery forms. */
export function EmailField({ id, field, error }: EmailFieldProps) {
  const { t } = useTranslation()
  return (
    <FormField id={id} label={t('auth.fields.email')} error={error}>
      {(control) => (
        <Input
          {...control}
          {...field}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth.fields.emailPlaceholder')}
        />
      )}
    </FormField>
  )
}

interface PhoneFieldProps {
  id: string
  label: string
  /** The form's registration of its phone field. */
  field: FieldRegistration
  error?: string
}

/** An optional phone number field, with the international format as its example. */
export function PhoneField({ id, label, field, error }: PhoneFieldProps) {
  const { t } = useTranslation()
  return (
    <FormField id={id} label={label} optionalText={t('common.optional')} error={error}>
      {(control) => (
        <Input {...control} {...field} type="tel" autoComplete="tel" inputMode="tel" placeholder="+34600111222" />
      )}
    </FormField>
  )
}
