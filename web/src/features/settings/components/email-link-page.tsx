import type { UseMutationResult } from '@tanstack/react-query'
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { AuthLayout } from '@/components/auth-layout'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'

interface EmailLinkPageProps<T> {
  /** Spends the token of the link (a POST: mail scanners follow GET links). */
  mutation: UseMutationResult<T, unknown, string>
  loading: string
  successTitle: string
  /** What the success says, from the server's answer. */
  success: (data: T) => ReactNode
  successLink: { to: string; label: string }
  errorTitle: string
}

/**
 * A page opened from a link in an email (…?token=…): one POST spends the token, then it says how it
 * went. The email-change links (confirm at the new address, cancel from the old one) use it.
 */
export function EmailLinkPage<T>({ mutation, loading, successTitle, success, successLink, errorTitle }: EmailLinkPageProps<T>) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { mutate } = mutation
  const posted = useRef<string | null>(null)

  useEffect(() => {
    if (!token || posted.current === token) return
    posted.current = token
    mutate(token)
  }, [token, mutate])

  if (token && (mutation.isIdle || mutation.isPending)) {
    return (
      <AuthLayout icon={LoaderCircle} iconClassName="[&_svg]:animate-spin" title={loading}>
        <span role="status" className="sr-only">
          {loading}
        </span>
      </AuthLayout>
    )
  }
  if (mutation.isSuccess) {
    return (
      <AuthLayout icon={CircleCheck} title={successTitle}>
        <p role="status" className="text-center text-muted-foreground">
          {success(mutation.data)}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to={successLink.to}>{successLink.label}</Link>
        </Button>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout icon={CircleX} iconClassName="bg-destructive/10 text-destructive" title={errorTitle}>
      <p role="alert" className="text-center text-muted-foreground">
        {token ? problemMessage(mutation.error, t) : t('settings.emailChange.missing')}
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to="/settings">{t('settings.emailChange.toSettings')}</Link>
      </Button>
    </AuthLayout>
  )
}
