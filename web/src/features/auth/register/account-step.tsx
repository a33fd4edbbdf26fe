import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { PasswordStrengthMeter } from '@/components/password-strength-meter'
import { useTranslation } from '@/lib/i18n'
import { useFieldValue, type SmallForm } from '@/lib/small-form'
import type { RegisterValues } from './register-values'

interface StepProps {
  form: SmallForm<RegisterValues>
}

/** Step 0, Cuenta: name, email and a password with its strength meter. */
export function AccountStep({ form }: StepProps) {
  const { t } = useTranslation()
  const { errors } = form
  const field = (name: keyof RegisterValues) => form.register(name)
  const password = useFieldValue(form, 'password')
  return (
    <div className="flex flex-col gap-4">
      <FormField id="register-full-name" label={t('auth.fields.fullName')} error={errors.fullName}>
        {(control) => (
          <Input
            {...control}
            {...field('fullName')}
            autoComplete="name"
            maxLength={100}
            placeholder={t('auth.fields.fullNamePlaceholder')}
          />
        )}
      </FormField>
      <FormField id="register-email" label={t('auth.fields.email')} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            {...field('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={255}
            placeholder={t('auth.fields.emailPlaceholder')}
          />
        )}
      </FormField>
      <FormField
        id="register-password"
        label={t('auth.fields.password')}
        error={errors.password}
        hint={t('auth.register.account.passwordHint')}
      >
        {(control) => (
          <>
            <PasswordInput {...control} {...field('password')} autoComplete="new-password" maxLength={72} />
            {password !== '' && <PasswordStrengthMeter password={password} />}
          </>
        )}
      </FormField>
    </div>
  )
}

export type { StepProps }
