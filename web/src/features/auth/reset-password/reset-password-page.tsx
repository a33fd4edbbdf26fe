import { CircleCheck, CircleX, KeyRound, LoaderCircle } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { z } from 'zod'
import { AuthLayout } from '@/components/auth-layout'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { problemMessage } from '@/lib/api/problem'
import { hasErrorCode } from '@/lib/api/request'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { useResetLink, useResetPassword } from '../api/reset-password'

/** How long an invalid link's message stays before the login screen. */
export const REDIRECT_AFTER_INVALID_LINK_MS = 3000
/** How long the success message stays before the login screen. */
export const REDIRECT_AFTER_RESET_MS = 2000

const PASSWORD_MIN = 6
const PASSWORD_MAX = 72

function resetSchema(t: TFunction) {
  return z
    .object({
      password: z.string().min(PASSWORD_MIN, t('auth.reset.tooShort')).max(PASSWORD_MAX, t('auth.reset.tooLong')),
      confirm: z.string(),
    })
    .refine((values) => values.password === values.confirm, { path: ['confirm'], message: t('auth.reset.mismatch') })
}

type ResetValues = z.input<ReturnType<typeof resetSchema>>

/** Opened from the recovery email (/reset-password?token=…): checks the link, then asks for the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const link = useResetLink(token)
  const reset = useResetPassword()
  const schema = useMemo(() => resetSchema(t), [t])
  const form = useForm<ResetValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  })

  // A link that cannot be used (or no token at all): say so, then go to the login screen.
  const invalid = !token || link.isError || isLinkError(reset.error)
  // The spec's message for a bad link; the server's for anything else (too many attempts, offline...).
  const linkError = link.error ?? reset.error
  const invalidMessage =
    !linkError || isLinkError(linkError) ? t('auth.reset.invalidDescription') : problemMessage(linkError, t)
  useEffect(() => {
    if (!invalid) return
    // A fixed id: StrictMode's second effect run updates the same toast instead of stacking a copy.
    toast.error(t('auth.reset.invalidTitle'), { id: 'reset-link-invalid', description: invalidMessage })
    const id = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_AFTER_INVALID_LINK_MS)
    return () => {
      clearTimeout(id)
    }
  }, [invalid, invalidMessage, navigate, t])

  const done = reset.isSuccess
  useEffect(() => {
    if (!done) return
    const id = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS)
    return () => {
      clearTimeout(id)
    }
  }, [done, navigate])

  const submit = form.handleSubmit(
    (values) => {
      reset.mutate(
        { token, password: values.password },
        {
          onSuccess: () => {
            toast.success(t('auth.reset.successTitle'), { description: t('auth.reset.successDescription') })
          },
          onError: (err) => {
            if (isLinkError(err)) return // the invalid-link effect reports it
            const title = hasErrorCode(err, 'invalid') ? t('common.validationError') : t('common.error')
            toast.error(title, { description: problemMessage(err, t) })
          },
        },
      )
    },
    (invalidFields) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalidFields) })
    },
  )

  if (invalid) {
    return (
      <AuthLayout
        icon={CircleX}
        iconClassName="bg-destructive/10 text-destructive"
        title={t('auth.reset.invalidTitle')}
        description={invalidMessage}
      >
        <p role="status" className="text-center text-sm text-muted-foreground">
          {t('auth.reset.redirecting')}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/login" replace>
            {t('auth.goToLogin')}
          </Link>
        </Button>
      </AuthLayout>
    )
  }

  if (link.isPending) {
    return (
      <AuthLayout icon={LoaderCircle} iconClassName="[&_svg]:animate-spin" title={t('auth.reset.checking')}>
        <span role="status" className="sr-only">
          {t('auth.reset.checking')}
        </span>
      </AuthLayout>
    )
  }

  if (done) {
    return (
      <AuthLayout
        icon={CircleCheck}
        title={t('auth.reset.successTitle')}
        description={t('auth.reset.successDescription')}
      >
        <p role="status" className="text-center text-sm text-muted-foreground">
          {t('auth.reset.redirecting')}
        </p>
      </AuthLayout>
    )
  }

  const { errors } = form.formState
  return (
    <AuthLayout icon={KeyRound} backTo="/login" title={t('auth.reset.title')} description={t('auth.reset.subtitle')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {/* Lets password managers save the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <FormField id="reset-password" label={t('auth.reset.password')} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />}
        </FormField>
        <FormField id="reset-confirm" label={t('auth.reset.confirm')} error={errors.confirm?.message}>
          {(control) => <PasswordInput {...control} {...form.register('confirm')} autoComplete="new-password" />}
        </FormField>
        <SubmitButton size="lg" className="w-full" pending={reset.isPending}>
          {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </SubmitButton>
      </form>
    </AuthLayout>
  )
}

/** The link cannot be used (unknown, spent or expired). */
function isLinkError(err: unknown): boolean {
  return hasErrorCode(err, 'token_invalid') || hasErrorCode(err, 'token_expired')
}
