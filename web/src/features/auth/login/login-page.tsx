import { LoaderCircle, Mail } from 'lucide-react'
import type { ComponentType } from 'react'
import { Link, useNavigate } from 'react-router'
import { AuthLayout } from '@/components/auth-layout'
import { FacebookIcon, GoogleIcon } from '@/components/provider-icons'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { toast } from '@/components/ui/toast'
import { EmailField } from '@/components/contact-fields'
import { DividerHeading } from '@/components/ui/divider-heading'
import { problemMessage } from '@/lib/api/problem'
import { hasErrorCode } from '@/lib/api/request'
import { useAppInfo, type OAuthProvider } from '@/lib/app-info'
import { emailIssue } from '@/lib/email'
import type { FormCheck } from '@/lib/form'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { formatList } from '@/lib/list'
import { savePendingEmail } from '@/lib/pending-email'
import { useSmallForm } from '@/lib/small-form'
import { useCreateTestUser } from '../api/dev-test-user'
import { useLogin } from '../api/login'

interface LoginValues {
  email: string
  password: string
}

/** The form's rules without zod, which /login does not download: the email trimmed and valid, a password. */
function checkLogin(values: LoginValues, t: TFunction): FormCheck<LoginValues> {
  const email = values.email.trim()
  const issues = new Map<string, string>()
  const emailMessage = emailIssue(email, t)
  if (emailMessage) issues.set('email', emailMessage)
  if (!values.password) issues.set('password', t('auth.validation.passwordRequired'))
  return issues.size > 0 ? { issues } : { values: { email, password: values.password } }
}

const PROVIDERS = [
  { id: 'google', icon: GoogleIcon },
  { id: 'facebook', icon: FacebookIcon },
] as const satisfies readonly { id: OAuthProvider; icon: ComponentType }[]

export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // The inputs are read as the form is sent: what was typed into the prerendered page before its scripts ran
  // counts (ADR 0029).
  const form = useSmallForm<LoginValues>({ email: '', password: '' })
  const { errors } = form
  const login = useLogin()
  const testUser = useCreateTestUser()

  const onSubmit = form.handleSubmit(
    (values) => checkLogin(values, t),
    (values) => {
      login.mutate(values, {
        onError: (err) => {
          if (hasErrorCode(err, 'email_not_confirmed')) {
            toast.error(t('auth.login.unconfirmedTitle'), { description: t('auth.login.unconfirmedDescription') })
            savePendingEmail(values.email)
            void navigate('/email-pending', { state: { email: values.email } })
            return
          }
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      })
    },
    (message) => {
      toast.error(t('common.validationError'), { description: message })
    },
  )

  const busy = login.isPending || testUser.isPending

  return (
    <AuthLayout
      backTo="/"
      title={t('auth.login.title')}
      description={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to="/register" className="font-semibold text-primary underline-offset-4 hover:underline">
            {t('auth.login.register')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField id="login-email" field={form.register('email')} error={errors.email} />
        <FormField id="login-password" label={t('auth.fields.password')} error={errors.password}>
          {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="current-password" />}
        </FormField>
        <Link
          to="/forgot-password"
          className="-mt-1 self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('auth.login.forgot')}
        </Link>
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={login.isPending}>
          {login.isPending ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden />
              {t('auth.login.submitting')}
            </>
          ) : (
            t('auth.login.submit')
          )}
        </Button>
      </form>

      <SignInProviders
        onEmail={() => {
          form.setFocus('email')
        }}
      />
      <DevTestUser testUser={testUser} busy={busy} />
    </AuthLayout>
  )
}

/**
 * The other ways in: a provider the server does not offer stays disabled, with a note saying so. Its own
 * component, so that the server's answer re-renders this section only, not the form (on a slow phone a
 * synchronous render of the whole screen is a long frozen task, ADR 0029).
 */
function SignInProviders({ onEmail }: { onEmail: () => void }) {
  const { t } = useTranslation()
  const appInfo = useAppInfo()
  const available = new Set(appInfo.data?.oauthProviders ?? [])
  const unavailable = PROVIDERS.filter((p) => !available.has(p.id)).map((p) => t(`auth.login.${p.id}`))
  const unavailableNote = appInfo.isSuccess && unavailable.length > 0
  return (
    <section aria-labelledby="login-providers" className="flex flex-col gap-3">
      <DividerHeading id="login-providers">{t('auth.login.or')}</DividerHeading>
      <div className="grid grid-cols-3 gap-2">
        {PROVIDERS.map(({ id, icon: Icon }) => (
          <Button
            key={id}
            type="button"
            variant="ghost"
            className="h-12 border border-input bg-card px-2 [&_svg]:size-5"
            disabled={!available.has(id)}
            aria-describedby={unavailableNote && !available.has(id) ? 'login-providers-note' : undefined}
            onClick={() => {
              window.location.assign(`/api/v1/auth/oauth/${id}/start`)
            }}
          >
            <Icon />
            {t(`auth.login.${id}`)}
          </Button>
        ))}
        <Button
          type="button"
          variant="ghost"
          className="h-12 border border-input bg-card px-2 [&_svg]:size-5"
          onClick={onEmail}
        >
          <Mail aria-hidden />
          {t('auth.login.emailButton')}
        </Button>
      </div>
      {unavailableNote && (
        <p id="login-providers-note" className="text-center text-xs text-muted-foreground">
          {t('auth.login.providersUnavailable', {
            providers: formatList(unavailable, t('common.and')),
          })}
        </p>
      )}
    </section>
  )
}

/** Development only: signs in as a test user made on the spot. */
function DevTestUser({ testUser, busy }: { testUser: ReturnType<typeof useCreateTestUser>; busy: boolean }) {
  const { t } = useTranslation()
  const appInfo = useAppInfo()
  if (!appInfo.data?.dev) return null
  return (
    <section
      aria-labelledby="login-dev"
      className="flex flex-col gap-2 rounded-2xl border border-dashed border-amber-500/60 p-3"
    >
      <h2
        id="login-dev"
        className="text-xs font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400"
      >
        {t('auth.login.devOnly')}
      </h2>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={busy}
        onClick={() => {
          // The promise, not per-call callbacks: signing in moves the user on and unmounts this screen.
          void testUser.mutateAsync().then(
            () => toast.success(t('auth.login.devTestUserDone')),
            (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
          )
        }}
      >
        {testUser.isPending ? t('auth.login.devTestUserCreating') : t('auth.login.devTestUser')}
      </Button>
    </section>
  )
}
