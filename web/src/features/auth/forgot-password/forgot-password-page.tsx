import { MailCheck } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
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
import { useForgotPassword } from '../api/forgot-password'
import { DevMailboxLink } from '../components/dev-mailbox-link'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const schema = useMemo(() => z.object({ email: emailField(t) }), [t])
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  })
  const forgot = useForgotPassword()
  // The address the link went to; null while the form shows.
  const [sentTo, setSentTo] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // Counts the moves between the form and the confirmation (none on the first visit).
  const [moves, setMoves] = useState(0)

  // Moving between the form and the confirmation replaces the screen: take focus to what is new.
  useEffect(() => {
    if (moves === 0) return
    if (sentTo === null) form.setFocus('email')
    else heading.current?.focus()
  }, [moves, sentTo, form])

  const submit = form.handleSubmit(
    (values) => {
      forgot.mutate(values.email, {
        onSuccess: () => {
          setMoves((n) => n + 1)
          setSentTo(values.email)
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      })
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )

  const backToLogin = (
    <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
      {t('auth.backToLogin')}
    </Link>
  )

  if (sentTo !== null) {
    return (
      <AuthLayout
        backTo="/login"
        icon={MailCheck}
        headingRef={heading}
        title={t('auth.forgot.sentTitle')}
        description={
          <Trans
            i18nKey="auth.forgot.sentDescription"
            values={{ email: sentTo }}
            components={{ email: <strong className="font-semibold break-all text-foreground" /> }}
          />
        }
        footer={backToLogin}
      >
        <Button
          size="lg"
          variant="outline"
          className="w-full"
          onClick={() => {
            form.reset({ email: '' })
            forgot.reset()
            setMoves((n) => n + 1)
            setSentTo(null)
          }}
        >
          {t('auth.forgot.another')}
        </Button>
        <DevMailboxLink />
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      backTo="/login"
      headingRef={heading}
      title={t('auth.forgot.title')}
      description={t('auth.forgot.subtitle')}
      footer={backToLogin}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <EmailField id="forgot-email" field={form.register('email')} error={form.formState.errors.email?.message} />
        <SubmitButton size="lg" className="w-full" pending={forgot.isPending}>
          {forgot.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </SubmitButton>
      </form>
    </AuthLayout>
  )
}
