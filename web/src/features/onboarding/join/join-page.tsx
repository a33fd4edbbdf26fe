import { Briefcase, House, Users, type LucideIcon } from 'lucide-react'
import { useMemo } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { PhoneField } from '@/components/contact-fields'
import { problemMessage } from '@/lib/api/problem'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { phoneField } from '@/lib/phone'
import { cn } from '@/lib/utils'
import { useJoinStep, type Relation } from '../api/onboarding'
import { WizardLayout } from '../components/wizard-layout'

const RELATIONS = [
  { id: 'resident', icon: House },
  { id: 'worker', icon: Briefcase },
  { id: 'neighbor', icon: Users },
] as const satisfies readonly { id: Relation; icon: LucideIcon }[]

function joinSchema(t: TFunction) {
  return z.object({
    relation: z.enum(['resident', 'worker', 'neighbor'], t('onboarding.join.relationRequired')),
    phone: phoneField(t('onboarding.validation.phoneInvalid')),
  })
}

type JoinValues = z.input<ReturnType<typeof joinSchema>>

/** /join: how the user relates to the building, and an optional phone. */
export function JoinPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const schema = useMemo(() => joinSchema(t), [t])
  const form = useForm<JoinValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { relation: undefined, phone: '' },
  })
  const { errors } = form.formState
  const join = useJoinStep()

  const onSubmit = form.handleSubmit(
    (values) => {
      join.mutate(
        { relation: values.relation, ...(values.phone ? { phone: values.phone } : {}) },
        {
          onSuccess: (profile) => {
            void navigate(`/${profile.onboardingStep ?? 'find-community'}`)
          },
          onError: (err) => {
            toast.error(t('onboarding.errors.saveFailed'), { description: problemMessage(err, t) })
          },
        },
      )
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )

  return (
    <WizardLayout step={1} title={t('onboarding.join.title')} description={t('onboarding.join.subtitle')}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
        <Controller
          control={form.control}
          name="relation"
          render={({ field }) => (
            <fieldset
              className="flex flex-col gap-3"
              aria-invalid={errors.relation ? true : undefined}
              aria-describedby={errors.relation ? 'join-relation-error' : undefined}
            >
              <legend className="mb-3 text-sm font-medium">{t('onboarding.join.relation')}</legend>
              {RELATIONS.map(({ id, icon: Icon }) => (
                <label
                  key={id}
                  className={cn(
                    'flex cursor-pointer items-center gap-4 rounded-2xl border-2 p-4 transition-colors ' +
                      'has-focus-visible:ring-2 has-focus-visible:ring-ring',
                    field.value === id ? 'border-primary bg-accent' : 'border-input bg-card',
                  )}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={id}
                    checked={field.value === id}
                    onChange={() => {
                      field.onChange(id)
                    }}
                    className="sr-only"
                  />
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-background text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold">{t(`onboarding.join.relations.${id}`)}</span>
                    <span className="text-sm text-muted-foreground">{t(`onboarding.join.relationHints.${id}`)}</span>
                  </span>
                </label>
              ))}
              {errors.relation && (
                <p id="join-relation-error" className="text-sm text-destructive">
                  {errors.relation.message}
                </p>
              )}
            </fieldset>
          )}
        />
        <PhoneField
          id="join-phone"
          label={t('onboarding.join.phone')}
          field={form.register('phone')}
          error={errors.phone?.message}
        />
        <SubmitButton size="lg" className="w-full" pending={join.isPending}>
          {t('onboarding.continue')}
        </SubmitButton>
      </form>
    </WizardLayout>
  )
}
