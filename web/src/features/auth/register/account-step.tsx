import { useWatch, type UseFormReturn } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { PasswordStrengthMeter } from '@/components/password-strength-meter'
import { useTranslation } from '@/lib/i18n'
import type { RegisterField, RegisterValues } from './register-values'

interface StepProps {
  form: UseFormReturn<RegisterValues>
  field: (name: RegisterField) => ReturnType<UseFormReturn<RegisterValues>['register']>
}

/** Step 0, Cuenta: name, email and a password with its strength meter. */
export function AccountStep({ form, field }: StepProps) {
  const { t } = useTranslation()
  const { errors } = form.formState
  const password = useWatch({ control: form.control, name: 'password' })
  return (
    <div className="flex flex-col gap-4">
      <FormField id="register-full-name" label={t('auth.fields.fullName')} error={errors.fullName?.message}>
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
      <FormField id="register-email" label={t('auth.fields.email')} error={errors.email?.message}>
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
        error={errors.password?.message}
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
