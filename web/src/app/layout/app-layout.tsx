import { useQuery } from '@tanstack/react-query'
import { Outlet, useLocation } from 'react-router'
import { CommunitySwitcher } from '@/features/memberships/community-switcher'
import { MessagesBadge } from '@/features/messages/messages-badge'
import { ConsentGate } from '@/features/settings/components/consent-gate'
import { useTranslation } from '@/lib/i18n'
import { profileQueryOptions } from '@/lib/profile'
import { useSession } from '@/lib/session'
import { AppHeader } from './app-header'
import { BottomNav } from './bottom-nav'
import { activeTab } from './nav-tabs'

/** The signed-in user's profile, for the header's avatar (GET /api/v1/me has no picture). */
function useHeaderProfile() {
  return useQuery({ ...profileQueryOptions, staleTime: 60_000 })
}

/** Every protected screen: a fixed header on top, the screen, and the fixed five-tab bar at the bottom. */
export function AppLayout() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { user } = useSession()
  const profile = useHeaderProfile()
  const tab = activeTab(pathname)

  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader
        title={tab ? t(`layout.nav.${tab}`) : t('layout.appName')}
        name={profile.data?.fullName ?? user?.fullName}
        avatarUrl={profile.data?.avatarUrl}
        community={<CommunitySwitcher />}
      />
      <div className="flex flex-1 flex-col pt-[calc(3.5rem+env(safe-area-inset-top))] pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom))]">
        <Outlet />
      </div>
      {/* The messaging feature fills the Mensajes tab's unread badge. */}
      <BottomNav badges={{ messages: <MessagesBadge /> }} />
      {/* A new version of the terms and the privacy policy must be accepted before going on. */}
      <ConsentGate />
    </div>
  )
}
