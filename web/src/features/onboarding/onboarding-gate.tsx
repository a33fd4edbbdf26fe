import { Navigate, Outlet } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/lib/session'

/**
 * The wizard's pages after /start: a visitor without a session starts at /start; an account whose email
 * is not confirmed yet waits at /email-pending.
 */
export function OnboardingGate() {
  const { user, isPending, isError } = useSession()
  if (isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8" />
      </div>
    )
  }
  if (isError || !user) return <Navigate to="/start" replace />
  if (!user.emailConfirmed) return <Navigate to="/email-pending" replace state={{ email: user.email }} />
  return <Outlet />
}
