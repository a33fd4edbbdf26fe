import { PartyPopper } from 'lucide-react'
import { useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { Avatar } from '@/components/ui/avatar'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { problemMessage } from '@/lib/api/problem'
import { zodResolver } from '@/lib/form'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useFinishOnboarding, useSetStep } from '../api/onboarding'
import { WizardLayout } from '../components/wizard-layout'

const RULES = ['respect', 'noise', 'common', 'pets', 'privacy'] as const

function doneSchema(t: TFunction) {
  return z.object({
    displayName: z.string().trim().min(1, t('onboarding.done.nameRequired')).max(100, t('settings.profile.nameTooLong')),
    avatarUrl: z
      .string()
      .trim()
      .refine((v) => v === '' || /^(https?:\/\/|\/files\/)/.test(v), t('onboarding.done.avatarInvalid')),
    rulesAccepted: z.boolean(),
  })
}

type DoneValues = z.input<ReturnType<typeof doneSchema>>

/** /done: the name to show, an optional avatar URL and the community rules; then the dashboard. */
export function DonePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const schema = useMemo(() => doneSchema(t), [t])
  const form = useForm<DoneValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { displayName: user?.fullName ?? '', avatarUrl: '', rulesAccepted: false },
  })
  const { errors } = form.formState
  const [displayName, avatarUrl] = useWatch({ control: form.control, name: ['displayName', 'avatarUrl'] })
  const finish = useFinishOnboarding()
  const setStep = useSetStep()

  const onSubmit = form.handleSubmit(
    (values) => {
      if (!values.rulesAccepted) {
        toast.error(t('onboarding.done.rulesTitle'), { description: t('onboarding.done.rulesRequired') })
        return
      }
      finish.mutate(
        { displayName: values.displayName, rulesAccepted: true, ...(values.avatarUrl ? { avatarUrl: values.avatarUrl } : {}) },
        {
          onSuccess: () => {
            toast.success(t('onboarding.done.welcome'))
            void navigate('/dashboard', { replace: true })
          },
          onError: (err) => {
            toast.error(t('onboarding.errors.completeFailed'), { description: problemMessage(err, t) })
          },
        },
      )
    },
    (invalid) => {
      if (invalid.displayName) {
        toast.error(t('onboarding.done.nameTitle'), { description: invalid.displayName.message })
        return
      }
      toast.error(t('common.validationError'), { description: invalid.avatarUrl?.message })
    },
  )

  return (
    <WizardLayout
      step={5}
      onBack={() => {
        setStep.mutate('verify')
        void navigate('/verify')
      }}
      title={t('onboarding.done.title')}
      description={t('onboarding.done.subtitle')}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
        <div className="flex items-center gap-4">
          <Avatar src={avatarUrl.trim() || null} name={displayName.trim() || t('common.user')} size="lg" />
          <PartyPopper className="size-6 text-primary" aria-hidden />
        </div>
        <FormField id="done-name" label={t('onboarding.done.displayName')} error={errors.displayName?.message}>
          {(control) => <Input {...control} {...form.register('displayName')} autoComplete="name" />}
        </FormField>
        <FormField
          id="done-avatar"
          label={t('onboarding.done.avatarUrl')}
          optionalText={t('common.optional')}
          error={errors.avatarUrl?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('avatarUrl')} type="url" inputMode="url" placeholder="https://" />
          )}
        </FormField>
        <section aria-labelledby="done-rules" className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
          <h2 id="done-rules" className="font-semibold">
            {t('onboarding.done.rules')}
          </h2>
          <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted-foreground">
            {RULES.map((rule) => (
              <li key={rule}>{t(`onboarding.done.rulesList.${rule}`)}</li>
            ))}
          </ul>
          <label htmlFor="done-accept" className="flex cursor-pointer items-start gap-3 text-sm">
            <Checkbox id="done-accept" {...form.register('rulesAccepted')} className="mt-0.5" />
            <span>{t('onboarding.done.accept')}</span>
          </label>
        </section>
        <SubmitButton size="lg" className="w-full" pending={finish.isPending}>
          {t('onboarding.done.submit')}
        </SubmitButton>
      </form>
    </WizardLayout>
  )
}
