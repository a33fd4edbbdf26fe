import { CircleAlert } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useEffect } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useTranslation } from '@/lib/i18n'
import { clearSession, useSession } from '@/lib/session'

/** Where the gate was taking the user, carried to /login in navigation state. */
interface FromState {
  from?: string
}

function fromOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined
  const from: unknown = Reflect.get(state, 'from')
  // Only paths of this app: never an absolute URL someone slipped into the history state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined
}

/**
 * Protected screens: signed-out users go to /login (which brings them back here afterwards), users who
 * have not confirmed their email go to /email-pending.
 */
export function RequireSession() {
  const { user, isPending, isError, refetch } = useSession()
  const location = useLocation()
  const status = isPending
    ? 'pending'
    : isError
      ? 'error'
      : !user
        ? 'signedOut'
        : user.emailConfirmed
          ? 'open'
          : 'unconfirmed'
  // The session's answer re-renders the gate at once (react-query's store updates are synchronous), but
  // what it opens, the layout and the whole screen, renders in a deferred pass that React slices: on a slow
  // phone that is a long frozen task less (ADR 0029, addendum). Closing it never waits.
  const deferred = useDeferredValue(status)
  const gate = status === 'open' ? deferred : status

  switch (gate) {
    case 'pending':
      return <SessionLoading />
    case 'error':
      return <SessionError onRetry={() => void refetch()} />
    case 'signedOut': {
      const state: FromState = { from: location.pathname + location.search + location.hash }
      return <Navigate to="/login" replace state={state} />
    }
    case 'unconfirmed':
      return <Navigate to="/email-pending" replace state={{ email: user?.email }} />
    case 'open':
      return <Outlet />
  }
}

/** Navigation state of the move to /login that signing out makes (SIGNED_OUT_STATE in lib/session). */
function isSigningOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && Reflect.get(state, 'signedOut') === true
}

/** Sign-in and registration: a signed-in user goes on to where they were heading, or the dashboard. */
export function GuestOnly() {
  const { user, isPending } = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signingOut = isSigningOut(location.state)

  // Arriving from a sign-out: the protected screen is gone, so its gate can no longer react. Forget the
  // user now, and drop the marker so a later sign-in from this page moves on as usual.
  useEffect(() => {
    if (!signingOut) return
    clearSession(queryClient)
    void navigate(location.pathname + location.search, { replace: true, state: null })
  }, [signingOut, queryClient, navigate, location.pathname, location.search])

  if (isPending) return <SessionLoading />
  // An error here only means we cannot tell: showing the sign-in form is the right fallback.
  if (user?.emailConfirmed && !signingOut) {
    return <Navigate to={fromOf(location.state) ?? '/dashboard'} replace />
  }
  return <Outlet />
}

function SessionLoading() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8" />
      <p aria-hidden>{t('session.loading')}</p>
    </div>
  )
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <CircleAlert className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-xl font-bold text-balance">{t('session.loadError')}</h1>
      <Button className="mt-6" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </main>
  )
}
