import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { AuthLayout } from '@/components/auth-layout'
import { problemMessage } from '@/lib/api/problem'
import { useConfirmEmailChange } from '../api/account'

/**
 * Opened from the link sent to the new address (/confirm-email-change?token=…): one POST spends the
 * token and the account's email changes.
 */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirm = useConfirmEmailChange()
  const { mutate } = confirm
  const posted = useRef<string | null>(null)

  useEffect(() => {
    if (!token || posted.current === token) return
    posted.current = token
    mutate(token)
  }, [token, mutate])

  if (token && (confirm.isIdle || confirm.isPending)) {
    return (
      <AuthLayout icon={LoaderCircle} iconClassName="[&_svg]:animate-spin" title={t('settings.emailChange.loading')}>
        <span role="status" className="sr-only">
          {t('settings.emailChange.loading')}
        </span>
      </AuthLayout>
    )
  }
  if (confirm.isSuccess) {
    return (
      <AuthLayout icon={CircleCheck} title={t('settings.emailChange.successTitle')}>
        <p role="status" className="text-center text-muted-foreground">
          {t('settings.emailChange.success', { email: confirm.data.email })}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/settings/profile">{t('settings.emailChange.toProfile')}</Link>
        </Button>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout
      icon={CircleX}
      iconClassName="bg-destructive/10 text-destructive"
      title={t('settings.emailChange.errorTitle')}
    >
      <p role="alert" className="text-center text-muted-foreground">
        {token ? problemMessage(confirm.error, t) : t('settings.emailChange.missing')}
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to="/settings">{t('settings.emailChange.toSettings')}</Link>
      </Button>
    </AuthLayout>
  )
}
