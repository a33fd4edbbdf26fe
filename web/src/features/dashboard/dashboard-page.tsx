import { Building2, Construction, LoaderCircle, LogOut } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { SIGNED_OUT_STATE, useLogout, useSession } from '@/lib/session'
import { useCommunity } from './api/get-community'

/** A placeholder until the real dashboard: who is signed in, their community, and a way out. */
export function DashboardPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const community = useCommunity(hasCommunity)
  const logout = useLogout()
  const fullName = user?.fullName.trim() ?? ''
  const name = fullName === '' ? t('common.user') : fullName

  const signOut = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('dashboard.loggedOut'))
        // The login screen forgets the cached session once this protected screen is gone.
        void navigate('/login', { replace: true, state: SIGNED_OUT_STATE })
      },
      onError: (err) => {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      },
    })
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 px-5 pt-8 pb-10">
      <header className="flex items-center gap-4">
        <Avatar name={name} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight">{t('dashboard.greeting', { name })}</h1>
          <p className="text-muted-foreground">{t('dashboard.subtitle')}</p>
        </div>
      </header>

      <Card className="gap-4">
        <CardHeader className="flex-row items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
            <Building2 className="size-5" aria-hidden />
          </span>
          <CardTitle>{t('dashboard.community')}</CardTitle>
        </CardHeader>
        <CardContent>
          {!hasCommunity ? (
            <>
              <p className="font-medium">{t('dashboard.noCommunity')}</p>
              <CardDescription className="mt-1">{t('dashboard.noCommunityHint')}</CardDescription>
            </>
          ) : community.isPending ? (
            <Spinner className="size-6" />
          ) : community.isError ? (
            <p className="text-destructive">{t('dashboard.communityError')}</p>
          ) : (
            <dl className="flex flex-col gap-1">
              <dt className="sr-only">{t('dashboard.community')}</dt>
              <dd className="text-lg font-semibold">{community.data.name}</dd>
              <dd className="text-muted-foreground">
                {community.data.address}, {community.data.postalCode} {community.data.city}
              </dd>
              <dt className="mt-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {t('dashboard.code')}
              </dt>
              <dd className="font-mono text-base tracking-widest">{community.data.publicId}</dd>
            </dl>
          )}
        </CardContent>
      </Card>

      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Construction className="size-4 shrink-0" aria-hidden />
        {t('dashboard.comingSoon')}
      </p>

      <Button
        variant="destructive"
        size="lg"
        className="mt-auto w-full"
        disabled={logout.isPending}
        aria-busy={logout.isPending}
        onClick={signOut}
      >
        {logout.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
        {logout.isPending ? t('dashboard.loggingOut') : t('dashboard.logout')}
      </Button>
    </main>
  )
}
