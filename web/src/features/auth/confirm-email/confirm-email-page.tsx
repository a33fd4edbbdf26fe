import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AuthLayout } from '@/components/auth-layout'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { forgetPendingEmail } from '@/lib/pending-email'
import { hasPendingStart } from '@/lib/pending-start'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api/client'
import { problemMessage } from '@/lib/api/problem'
import { hasErrorCode } from '@/lib/api/request'
import { useConfirmEmail } from '../api/confirm-email'

/** Time the success message stays before the dashboard opens. */
export const REDIRECT_AFTER_CONFIRM_MS = 1500

/**
 * Opened from the confirmation email (/confirm-email?token=…). The link itself changes nothing (mail
 * scanners follow links); this page spends the token with one POST, which also signs the user in.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirm = useConfirmEmail()
  const { mutate } = confirm
  // The token is single use: StrictMode's second effect run (and any re-render) must not post it again.
  const posted = useRef<string | null>(null)

  useEffect(() => {
    if (!token || posted.current === token) return
    posted.current = token
    mutate(token, {
      onSuccess: () => {
        forgetPendingEmail()
      },
      onError: (err) => {
        const title = hasErrorCode(err, 'already_confirmed')
          ? t('auth.emailPending.alreadyConfirmedTitle')
          : t('auth.confirm.errorTitle')
        toast.error(title, { description: problemMessage(err, t), id: 'confirm-email' })
      },
    })
  }, [token, mutate, t])

  const succeeded = confirm.isSuccess
  // A neighbour who joined with the code (not its creator, an admin) says at once which unit is theirs.
  const joinedByCode = Boolean(confirm.data?.communityId) && confirm.data?.role !== 'admin'
  const withoutCommunity = succeeded && !confirm.data.communityId
  useEffect(() => {
    if (!succeeded) return
    let cancelled = false
    // An account made on the onboarding wizard's /start continues the wizard there.
    const decide = async (): Promise<string> => {
      if (hasPendingStart()) return '/start'
      if (joinedByCode) return '/choose-unit'
      if (!withoutCommunity) return '/dashboard'
      // A code of a community that requires approval sent a join request: /choose-unit shows how it stands.
      const { data } = await api.GET('/api/v1/onboarding/join-request')
      return data?.request.status === 'pending' ? '/choose-unit' : '/dashboard'
    }
    const id = setTimeout(() => {
      void decide()
        .catch(() => '/dashboard')
        .then((next) => {
          if (!cancelled) void navigate(next, { replace: true })
        })
    }, REDIRECT_AFTER_CONFIRM_MS)
    return () => {
      cancelled = true
      clearTimeout(id)
    }
  }, [succeeded, joinedByCode, withoutCommunity, navigate])

  if (token && (confirm.isIdle || confirm.isPending)) {
    return (
      <AuthLayout icon={LoaderCircle} iconClassName="[&_svg]:animate-spin" title={t('auth.confirm.loading')}>
        <span role="status" className="sr-only">
          {t('auth.confirm.loading')}
        </span>
      </AuthLayout>
    )
  }

  if (succeeded) {
    return (
      <AuthLayout icon={CircleCheck} title={t('auth.confirm.successTitle')}>
        <p role="status" className="text-center text-muted-foreground">
          {t('auth.confirm.successDescription')}
        </p>
      </AuthLayout>
    )
  }

  const message = token ? problemMessage(confirm.error, t) : t('auth.confirm.failed')
  const alreadyConfirmed = hasErrorCode(confirm.error, 'already_confirmed')
  return (
    <AuthLayout
      icon={alreadyConfirmed ? CircleCheck : CircleX}
      iconClassName={alreadyConfirmed ? undefined : 'bg-destructive/10 text-destructive'}
      title={alreadyConfirmed ? t('auth.emailPending.alreadyConfirmedTitle') : t('auth.confirm.errorTitle')}
      description={message}
    >
      <div className="flex flex-col gap-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/login">{t('auth.goToLogin')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline" className="w-full">
          <Link to="/email-pending">{t('auth.confirm.resend')}</Link>
        </Button>
      </div>
    </AuthLayout>
  )
}
