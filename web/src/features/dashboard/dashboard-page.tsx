import {
  CalendarDays,
  ChevronRight,
  House,
  LoaderCircle,
  LogOut,
  Megaphone,
  MessageCircle,
  MessagesSquare,
  Plus,
  TriangleAlert,
  UserRound,
  Wrench,
  type LucideIcon,
} from 'lucide-react'
import { memo, useDeferredValue, useEffect } from 'react'
import { Link } from 'react-router'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { shortenAddress } from '@/lib/address'
import { useCommunity, type Community } from '@/lib/community'
import { useTranslation } from '@/lib/i18n'
import { profileQueryOptions, type Profile } from '@/lib/profile'
import { useSignOut, useSession, type Me } from '@/lib/session'
import {
  useDashboard,
  useNextReservation,
  type Dashboard,
  type NextReservation as NextReservationData,
} from './api/get-dashboard'
import { GreetingBanner } from './components/greeting-banner'
import { NextJunta } from './components/next-junta'
import { NextReservation } from './components/next-reservation'
import { PendingReceipts } from './components/pending-receipts'

/**
 * Shown until the member says which unit is theirs (they may skip /choose-unit after joining): the wizard's
 * step while it is open, else the unit screen of the settings.
 */
function UnitReminder({ wizard }: { wizard: boolean }) {
  const { t } = useTranslation()
  return (
    <Card className="gap-2 border-orange-300 dark:border-orange-800" role="region" aria-labelledby="unit-reminder">
      <CardHeader>
        <CardTitle id="unit-reminder" className="flex items-center gap-2">
          <House className="size-5" aria-hidden />
          {t('dashboard.unitReminder.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <CardDescription>{t('dashboard.unitReminder.text')}</CardDescription>
        <Button asChild className="mt-4 h-11 w-full">
          <Link to={wizard ? '/choose-unit' : '/settings/unit-info'}>{t('dashboard.unitReminder.action')}</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

/** The home screen: greeting, quick actions, the community's counters and its recent activity. */
export function DashboardPage() {
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  // Each answer re-renders this component at once (react-query's store updates are synchronous); the cards
  // it brings render in a deferred pass that React slices, so that four answers arriving one after another
  // on a slow phone do not freeze the page four times (ADR 0029, addendum).
  const community = useDeferredValue(useCommunity(hasCommunity))
  const dashboard = useDeferredValue(useDashboard(hasCommunity))
  const nextReservation = useDeferredValue(useNextReservation(hasCommunity))
  const profile = useDeferredValue(useQuery({ ...profileQueryOptions, staleTime: 60_000 }))

  // Failures are only logged (spec): the counters then read 0.
  useEffect(() => {
    if (dashboard.isError) console.error('Error loading the dashboard', dashboard.error)
  }, [dashboard.isError, dashboard.error])

  return (
    <DashboardView
      user={user}
      community={community}
      dashboard={dashboard}
      nextReservation={nextReservation}
      profile={profile}
    />
  )
}

interface DashboardViewProps {
  user: Me | null | undefined
  community: UseQueryResult<Community>
  dashboard: UseQueryResult<Dashboard>
  nextReservation: UseQueryResult<NextReservationData>
  profile: UseQueryResult<Profile>
}

const DashboardView = memo(function DashboardView({
  user,
  community,
  dashboard,
  nextReservation,
  profile,
}: DashboardViewProps) {
  const { t } = useTranslation()
  const hasCommunity = Boolean(user?.communityId)
  const fullName = user?.fullName.trim() ?? ''
  const name = fullName === '' ? t('common.user') : fullName
  const isAdmin = user?.role === 'admin'
  // Until the profile says whether the unit reminder shows, only a placeholder under the greeting: the
  // reminder appearing later would push the quick actions down while they are read (a layout shift).
  const awaitingProfile = hasCommunity && profile.isPending

  const subtitle = !hasCommunity
    ? undefined
    : community.isPending
      ? t('dashboard.loadingCommunity')
      : community.isError
        ? t('dashboard.communityError')
        : [community.data.name, shortenAddress(community.data.address)].filter(Boolean).join(' · ')

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-5">
      <GreetingBanner
        title={t('dashboard.greeting', { name })}
        subtitle={subtitle}
        description={t('dashboard.subtitle')}
        avatar={{ src: profile.data?.avatarUrl, name }}
      />

      {!hasCommunity ? (
        <Card className="gap-2">
          <CardHeader>
            <CardTitle>{t('dashboard.community')}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="font-medium">{t('dashboard.noCommunity')}</p>
            <CardDescription className="mt-1">{t('dashboard.noCommunityHint')}</CardDescription>
            <Button asChild className="mt-4 h-11 w-full">
              <Link to="/start">{t('dashboard.joinOrCreate')}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : awaitingProfile ? (
        <DashboardPlaceholder />
      ) : (
        <>
          {profile.isSuccess && !profile.data.unitId && <UnitReminder wizard={!profile.data.onboardingCompleted} />}
          <PendingReceipts />
          <QuickActions isAdmin={isAdmin} />
          <NextJunta enabled={hasCommunity} />
          <NextReservation next={nextReservation} />
          {dashboard.isPending ? (
            <DashboardPlaceholder />
          ) : (
            <>
              <Counters data={dashboard.data} />
              <RecentActivity data={dashboard.data} />
            </>
          )}
        </>
      )}

      {!awaitingProfile && <LogoutButton />}
    </main>
  )
})

function QuickActions({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation()
  const actions: { to: string; icon: LucideIcon; label: string }[] = [
    { to: '/incidents', icon: Plus, label: t('dashboard.actions.newIncident') },
    { to: '/messages', icon: MessageCircle, label: t('dashboard.actions.newMessage') },
    { to: '/directory', icon: UserRound, label: isAdmin ? t('dashboard.actions.contactAdmin') : t('dashboard.actions.contactPresident') },
    { to: '/services', icon: Wrench, label: t('dashboard.actions.services') },
  ]
  return (
    <section aria-labelledby="quick-actions">
      <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
        {t('dashboard.actions.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3">
        {actions.map(({ to, icon: Icon, label }) => (
          <li key={to}>
            <Link
              to={to}
              className={
                'flex h-full min-h-24 flex-col items-start justify-between gap-2 rounded-2xl border bg-card p-4 ' +
                'text-sm font-semibold shadow-sm transition-colors outline-none hover:bg-muted ' +
                'focus-visible:ring-2 focus-visible:ring-ring'
              }
            >
              <span className="flex size-9 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Counters({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation()
  const counters: { to: string; icon: LucideIcon; label: string; value: number }[] = [
    { to: '/incidents', icon: TriangleAlert, label: t('dashboard.counters.openIncidents'), value: data?.openIncidents ?? 0 },
    { to: '/events', icon: CalendarDays, label: t('dashboard.counters.upcomingEvents'), value: data?.upcomingEvents ?? 0 },
    { to: '/announcements', icon: Megaphone, label: t('dashboard.counters.unreadAnnouncements'), value: data?.unreadAnnouncements ?? 0 },
    { to: '/community', icon: MessagesSquare, label: t('dashboard.counters.recentMessages'), value: data?.recentMessages ?? 0 },
  ]
  return (
    <section aria-labelledby="summary">
      <h2 id="summary" className="mb-3 text-lg font-semibold">
        {t('dashboard.counters.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3">
        {counters.map(({ to, icon: Icon, label, value }) => (
          <li key={to}>
            <Link
              to={to}
              className={
                'flex h-full flex-col gap-1 rounded-2xl border bg-card p-4 shadow-sm transition-colors outline-none ' +
                'hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring'
              }
            >
              <Icon className="size-5 text-primary" aria-hidden />
              <span className="text-3xl font-bold tabular-nums" data-testid={`counter-${to.slice(1)}`}>
                {value}
              </span>
              {/* The link's name reads as the card shows it ('3 Incidencias abiertas'), so voice control finds
              it: this space parts the number from the label in the name; a flex column does not render it. */}
              {' '}
              <span className="text-sm text-muted-foreground">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function RecentActivity({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation()
  const rows: { to: string; icon: LucideIcon; label: string; value: number }[] = [
    { to: '/community', icon: MessagesSquare, label: t('dashboard.activity.communityMessages'), value: data?.activity.communityMessages ?? 0 },
    { to: '/incidents', icon: TriangleAlert, label: t('dashboard.activity.newIncidents'), value: data?.activity.newIncidents ?? 0 },
    { to: '/events', icon: CalendarDays, label: t('dashboard.activity.newEvents'), value: data?.activity.newEvents ?? 0 },
  ]
  return (
    <section aria-labelledby="recent-activity" className="rounded-2xl border bg-card p-4 shadow-sm">
      <h2 id="recent-activity" className="text-lg font-semibold">
        {t('dashboard.activity.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('dashboard.activity.window')}</p>
      <ul className="mt-2 divide-y">
        {rows.map(({ to, icon: Icon, label, value }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-lg py-3 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon className="size-5 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 flex-1">{label}</span>
              <span className="rounded-full bg-accent px-2.5 py-0.5 text-sm font-semibold text-accent-foreground tabular-nums">
                {value}
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The pulsing cards shown while the profile or the counters load. */
function DashboardPlaceholder() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-label={t('dashboard.loadingData')} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-48 rounded-2xl" />
    </div>
  )
}

function LogoutButton() {
  const { t } = useTranslation()
  const { signOut, pending } = useSignOut()
  return (
    <Button
      variant="ghost"
      className="mt-2 self-center text-destructive hover:bg-destructive/10"
      disabled={pending}
      aria-busy={pending}
      onClick={signOut}
    >
      {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
      {pending ? t('dashboard.loggingOut') : t('dashboard.logout')}
    </Button>
  )
}
