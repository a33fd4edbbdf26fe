import { LoaderCircle } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate } from 'react-router'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { EmailField } from '@/components/contact-fields'
import { DividerHeading } from '@/components/ui/divider-heading'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { forgetPendingStart, readPendingStart, savePendingStart } from '@/lib/pending-start'
import { useSignUp } from '@/lib/signup'
import { GoogleIcon } from '@/components/provider-icons'
import { problemMessage } from '@/lib/api/problem'
import { useAppSettings, writeAppSettings, type Language } from '@/lib/app-settings'
import { emailField } from '@/lib/email-field'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { meetsSignupPasswordRule } from '@/lib/password-strength'
import { savePendingEmail } from '@/lib/pending-email'
import { useProfile } from '@/lib/profile'
import { useSession, type Me } from '@/lib/session'
import { useStartOnboarding } from '../api/onboarding'
import { AppleIcon } from '../components/apple-icon'
import { LanguageChoice } from '../components/language-choice'
import { WizardLayout } from '../components/wizard-layout'

/** /start: a visitor creates their account here; a signed-in user gives their consent and resumes. */
export function StartPage() {
  const { user, isPending } = useSession()
  if (isPending) return <StartLoading />
  if (!user) return <VisitorStart />
  if (!user.emailConfirmed) return <Navigate to="/email-pending" replace state={{ email: user.email }} />
  return <SignedInStart user={user} />
}

function StartLoading() {
  const { t } = useTranslation()
  return (
    <WizardLayout step={0} title={t('onboarding.start.title')}>
      <div className="flex justify-center py-6">
        <Spinner className="size-8" />
      </div>
    </WizardLayout>
  )
}

function startSchema(t: TFunction) {
  return z.object({
    email: emailField(t),
    password: z
      .string()
      .min(1, t('auth.validation.passwordRequired'))
      .refine(meetsSignupPasswordRule, t('onboarding.start.passwordRule')),
    privacyConsent: z.boolean().refine((v) => v, t('onboarding.start.consentRequired')),
  })
}

type StartValues = z.input<ReturnType<typeof startSchema>>

function VisitorStart() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { language } = useAppSettings()
  const schema = useMemo(() => startSchema(t), [t])
  const form = useForm<StartValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', privacyConsent: false },
  })
  const { errors } = form.formState
  const signUp = useSignUp()

  const onSubmit = form.handleSubmit(
    (values) => {
      // /done asks for the name to show; until then the account goes by the email's first part.
      const local = values.email.split('@')[0]?.slice(0, 100) ?? ''
      const fullName = local !== '' ? local : t('common.user')
      signUp.mutate(
        {
          email: values.email,
          password: values.password,
          fullName,
          language,
          metadata: { community_role: 'Inquilino', community_intent: 'join' },
          // The consent box above, which the schema requires: the server records it with its version.
          acceptTerms: values.privacyConsent,
        },
        {
          onSuccess: () => {
            savePendingStart({ language, privacyConsent: true })
            savePendingEmail(values.email)
            toast.success(t('onboarding.start.signedUp'))
            void navigate('/email-pending', { state: { email: values.email } })
          },
          onError: (err) => {
            toast.error(t('onboarding.errors.saveFailed'), { description: problemMessage(err, t) })
          },
        },
      )
    },
    (invalid) => {
      if (invalid.privacyConsent && !invalid.email && !invalid.password) {
        toast.error(t('onboarding.start.consentTitle'), { description: invalid.privacyConsent.message })
        return
      }
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )

  return (
    <WizardLayout
      step={0}
      title={t('onboarding.start.title')}
      description={t('onboarding.start.subtitle')}
      footer={
        <>
          {t('onboarding.start.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
            {t('onboarding.start.login')}
          </Link>
        </>
      }
    >
      <LanguageChoice
        name="start-language"
        value={language}
        onChange={(next) => {
          writeAppSettings({ language: next })
        }}
      />
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <EmailField id="start-email" field={form.register('email')} error={errors.email?.message} />
        <FormField
          id="start-password"
          label={t('auth.fields.password')}
          error={errors.password?.message}
          hint={t('onboarding.start.passwordHint')}
        >
          {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />}
        </FormField>
        <div className="flex flex-col gap-1">
          <label htmlFor="start-consent" className="flex cursor-pointer items-start gap-3 text-sm">
            <Checkbox
              id="start-consent"
              {...form.register('privacyConsent')}
              aria-invalid={errors.privacyConsent ? true : undefined}
              aria-describedby={errors.privacyConsent ? 'start-consent-error' : undefined}
              className="mt-0.5"
            />
            <span>{t('onboarding.start.consent')}</span>
          </label>
          {errors.privacyConsent && (
            <p id="start-consent-error" className="text-sm text-destructive">
              {errors.privacyConsent.message}
            </p>
          )}
        </div>
        <SubmitButton size="lg" className="w-full" pending={signUp.isPending}>
          {signUp.isPending ? t('onboarding.start.submitting') : t('onboarding.start.submit')}
        </SubmitButton>
      </form>
      <section aria-labelledby="start-providers" className="flex flex-col gap-3">
        <DividerHeading id="start-providers">{t('onboarding.start.or')}</DividerHeading>
        <div className="grid grid-cols-2 gap-2">
          {/* Spec: Google and Apple are shown on /start but do nothing. */}
          <Button type="button" variant="ghost" className="h-12 border border-input bg-card [&_svg]:size-5">
            <GoogleIcon />
            {t('onboarding.start.google')}
          </Button>
          <Button type="button" variant="ghost" className="h-12 border border-input bg-card [&_svg]:size-5">
            <AppleIcon />
            {t('onboarding.start.apple')}
          </Button>
        </div>
      </section>
    </WizardLayout>
  )
}

/** A signed-in user: resume where the profile says, or record the consent and go on to /join. */
function SignedInStart({ user }: { user: Me }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const profile = useProfile()
  const start = useStartOnboarding()
  const { language } = useAppSettings()
  const [consent, setConsent] = useState(false)
  const [pending] = useState(readPendingStart)
  const autoStarted = useRef(false)
  const { mutate } = start

  const submit = (body: { language: Language; privacyConsent: boolean }) => {
    mutate(body, {
      onSuccess: () => {
        forgetPendingStart()
        void navigate('/join', { replace: true })
      },
      onError: (err) => {
        toast.error(t('onboarding.errors.saveFailed'), { description: problemMessage(err, t) })
      },
    })
  }

  // Back from the confirmation email: the consent was given before the account existed.
  const data = profile.data
  useEffect(() => {
    const stored = pending
    if (!data || !stored || autoStarted.current) return
    if (data.onboardingCompleted || data.onboardingStep) return
    autoStarted.current = true
    mutate(stored, {
      onSuccess: () => {
        forgetPendingStart()
        void navigate('/join', { replace: true })
      },
    })
  }, [data, pending, mutate, navigate])

  if (profile.isPending || (pending && !data?.onboardingCompleted && !data?.onboardingStep && !start.isError))
    return <StartLoading />
  if (profile.isError) {
    return (
      <WizardLayout step={0} title={t('onboarding.start.title')}>
        <p className="text-destructive">{t('onboarding.errors.profileLoad')}</p>
        <Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>
      </WizardLayout>
    )
  }
  if (profile.data.onboardingCompleted) {
    forgetPendingStart()
    return <Navigate to="/dashboard" replace />
  }
  if (profile.data.onboardingStep) return <Navigate to={`/${profile.data.onboardingStep}`} replace />

  return (
    <WizardLayout
      step={0}
      title={t('onboarding.start.welcome', { name: user.fullName || t('common.user') })}
      description={t('onboarding.start.signedInSubtitle')}
    >
      <LanguageChoice
        name="start-language"
        value={language}
        onChange={(next) => {
          writeAppSettings({ language: next })
        }}
      />
      <label htmlFor="start-consent" className="flex cursor-pointer items-start gap-3 text-sm">
        <Checkbox
          id="start-consent"
          checked={consent}
          onChange={(e) => {
            setConsent(e.target.checked)
          }}
          className="mt-0.5"
        />
        <span>{t('onboarding.start.consent')}</span>
      </label>
      <Button
        size="lg"
        className="w-full"
        disabled={start.isPending}
        onClick={() => {
          if (!consent) {
            toast.error(t('onboarding.start.consentTitle'), { description: t('onboarding.start.consentRequired') })
            return
          }
          submit({ language, privacyConsent: true })
        }}
      >
        {start.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
        {t('onboarding.continue')}
      </Button>
    </WizardLayout>
  )
}
