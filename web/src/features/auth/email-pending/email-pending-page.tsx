import { LoaderCircle, MailCheck } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'react-router'
import { z } from 'zod'
import { AuthLayout } from '@/components/auth-layout'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { EmailField } from '@/components/contact-fields'
import { problemMessage } from '@/lib/api/problem'
import { emailField } from '@/lib/email-field'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { Trans, useTranslation } from '@/lib/i18n'
import { emailFromState, forgetPendingEmail, readPendingEmail, savePendingEmail } from '@/lib/pending-email'
import { useResendConfirmation } from '../api/resend-confirmation'
import { DevMailboxLink } from '../components/dev-mailbox-link'
import { useCountdown } from '../lib/use-countdown'

/** Seconds the resend button stays disabled after a successful send. */
export const RESEND_COOLDOWN_SECONDS = 60

export function EmailPendingPage() {
  const { t } = useTranslation()
  const location = useLocation()
  // From the screen that sent the user here, else from this tab's storage (a reload), else ask for it.
  const [email, setEmail] = useState(() => emailFromState(location.state) ?? readPendingEmail())
  const resend = useResendConfirmation()
  const { secondsLeft, start } = useCountdown()

  useEffect(() => {
    if (email) savePendingEmail(email)
  }, [email])

  const send = (address: string) => {
    resend.mutate(address, {
      onSuccess: () => {
        setEmail(address)
        start(RESEND_COOLDOWN_SECONDS)
        toast.success(t('auth.emailPending.resentTitle'), { description: t('auth.emailPending.resentDescription') })
      },
      // The server answers alike whether the address has an account waiting, a confirmed one or none
      // (so that the form does not tell who is registered): only limits and outages fail.
      onError: (err) => {
        toast.error(t('auth.emailPending.resendError'), { description: problemMessage(err, t) })
      },
    })
  }

  const cooling = secondsLeft > 0
  const resendLabel = resend.isPending
    ? t('auth.emailPending.resending')
    : cooling
      ? t('auth.emailPending.resendIn', { seconds: secondsLeft })
      : t('auth.emailPending.resend')

  return (
    <AuthLayout
      backTo="/login"
      icon={MailCheck}
      title={t('auth.emailPending.title')}
      description={
        email ? (
          <Trans
            i18nKey="auth.emailPending.sentTo"
            values={{ email }}
            components={{ email: <strong className="font-semibold break-all text-foreground" /> }}
          />
        ) : (
          t('auth.emailPending.unknownEmail')
        )
      }
      footer={
        <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      {email ? (
        <>
          <p className="text-center text-sm text-muted-foreground text-pretty">{t('auth.emailPending.instructions')}</p>
          <div className="flex flex-col gap-2">
            <Button
              size="lg"
              className="w-full"
              disabled={resend.isPending || cooling}
              aria-busy={resend.isPending}
              onClick={() => {
                send(email)
              }}
            >
              {resend.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {resendLabel}
            </Button>
            <Button
              variant="ghost"
              className="w-full text-muted-foreground"
              onClick={() => {
                forgetPendingEmail()
                setEmail(null)
              }}
            >
              {t('auth.emailPending.otherEmail')}
            </Button>
          </div>
        </>
      ) : (
        <AskEmailForm pending={resend.isPending} label={resendLabel} disabled={cooling} onSubmit={send} />
      )}
      <DevMailboxLink />
    </AuthLayout>
  )
}

interface AskEmailFormProps {
  pending: boolean
  disabled: boolean
  label: string
  onSubmit: (email: string) => void
}

/** When the page does not know the address (opened directly, another tab): ask for it. */
function AskEmailForm({ pending, disabled, label, onSubmit }: AskEmailFormProps) {
  const { t } = useTranslation()
  const schema = useMemo(() => z.object({ email: emailField(t) }), [t])
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  })
  const submit = form.handleSubmit(
    (values) => {
      onSubmit(values.email)
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <EmailField id="pending-email" field={form.register('email')} error={form.formState.errors.email?.message} />
      <SubmitButton size="lg" className="w-full" disabled={disabled} pending={pending}>
        {label}
      </SubmitButton>
    </form>
  )
}
