import { LegalLinks } from '@/components/legal-links'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { useTranslation } from '@/lib/i18n'
import { useFieldValue } from '@/lib/small-form'
import { cn } from '@/lib/utils'
import type { StepProps } from './account-step'
import { COMMUNITY_ROLES } from './community-values'
import type { RegisterValues } from './register-values'

/** Step 2, Contactos: the user's role, the president if they know them, neighbours to invite, the terms. */
export function ContactsStep({ form }: StepProps) {
  const { t } = useTranslation()
  const { errors } = form
  const field = (name: keyof RegisterValues) => form.register(name)
  const optional = t('common.optional')
  const role = useFieldValue(form, 'communityRole')
  const knowsPresident = useFieldValue(form, 'knowsPresident')
  const roleError = errors.communityRole

  return (
    <div className="flex flex-col gap-6">
      <fieldset
        className="flex flex-col gap-3"
        aria-invalid={roleError ? true : undefined}
        aria-describedby={roleError ? 'register-role-error' : undefined}
      >
        <legend className="mb-3 text-sm font-medium">{t('auth.register.contacts.role')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {COMMUNITY_ROLES.map((value) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border bg-card px-3 text-sm font-medium ' +
                  'transition-colors has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground ' +
                  'has-focus-visible:ring-2 has-focus-visible:ring-ring',
                roleError ? 'border-destructive' : 'border-input',
              )}
            >
              <input
                type="radio"
                value={value}
                className="size-4 accent-primary outline-none"
                {...field('communityRole')}
              />
              {t(`auth.register.contacts.roles.${value}`)}
            </label>
          ))}
        </div>
        {roleError && (
          <p id="register-role-error" className="text-sm text-destructive">
            {roleError}
          </p>
        )}
      </fieldset>

      {role === 'Otros' && (
        <FormField
          id="register-role-comments"
          label={t('auth.register.contacts.comments')}
          error={errors.roleComments}
        >
          {(control) => (
            <Textarea
              {...control}
              {...field('roleComments')}
              rows={3}
              maxLength={500}
              placeholder={t('auth.register.contacts.commentsPlaceholder')}
            />
          )}
        </FormField>
      )}

      <div className="flex flex-col gap-4">
        <div className="flex min-h-11 items-center justify-between gap-3">
          <Label htmlFor="register-knows-president">{t('auth.register.contacts.knowsPresident')}</Label>
          <Switch
            id="register-knows-president"
            checked={knowsPresident}
            onCheckedChange={(checked) => {
              form.setValue('knowsPresident', checked)
              if (!checked) form.clearErrors(['presidentName', 'presidentFloor', 'presidentEmail', 'presidentPhone'])
            }}
          />
        </div>
        {knowsPresident && (
          <div className="flex flex-col gap-4 rounded-2xl border bg-muted/40 p-4">
            <div className="grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:gap-3">
              <FormField
                id="register-president-name"
                label={t('auth.register.contacts.presidentName')}
                error={errors.presidentName}
              >
                {(control) => <Input {...control} {...field('presidentName')} maxLength={100} autoComplete="off" />}
              </FormField>
              <FormField
                id="register-president-floor"
                label={t('auth.register.contacts.presidentFloor')}
                error={errors.presidentFloor}
              >
                {(control) => <Input {...control} {...field('presidentFloor')} maxLength={10} autoComplete="off" />}
              </FormField>
            </div>
            <FormField
              id="register-president-email"
              label={t('auth.register.contacts.presidentEmail')}
              optionalText={optional}
              error={errors.presidentEmail}
            >
              {(control) => (
                <Input
                  {...control}
                  {...field('presidentEmail')}
                  type="email"
                  inputMode="email"
                  maxLength={255}
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField
              id="register-president-phone"
              label={t('auth.register.contacts.presidentPhone')}
              optionalText={optional}
              error={errors.presidentPhone}
            >
              {(control) => (
                <Input
                  {...control}
                  {...field('presidentPhone')}
                  type="tel"
                  inputMode="tel"
                  maxLength={20}
                  autoComplete="off"
                />
              )}
            </FormField>
          </div>
        )}
      </div>

      <FormField
        id="register-invitees"
        label={t('auth.register.contacts.invitees')}
        optionalText={optional}
        error={errors.inviteeEmails}
        hint={t('auth.register.contacts.inviteesHint')}
      >
        {(control) => (
          <Textarea
            {...control}
            {...field('inviteeEmails')}
            rows={3}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={'vecino@email.com\nvecina@email.com'}
          />
        )}
      </FormField>

      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id="register-terms"
            className="mt-0.5"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? 'register-terms-error' : undefined}
            {...field('acceptTerms')}
          />
          <label htmlFor="register-terms" className="text-sm leading-snug">
            <LegalLinks i18nKey="auth.register.contacts.terms" />
          </label>
        </div>
        {errors.acceptTerms && (
          <p id="register-terms-error" className="text-sm text-destructive">
            {errors.acceptTerms}
          </p>
        )}
      </div>
    </div>
  )
}
