import { Briefcase, Building2, ChevronRight, DoorOpen, History, Info, LifeBuoy, LoaderCircle, LogOut, Settings2, ShieldCheck, User, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useAppInfo } from '@/lib/app-info'
import { useCommunity } from '@/lib/community'
import { useTranslation } from '@/lib/i18n'
import { useProfile } from '@/lib/profile'
import { useSignOut, useSession } from '@/lib/session'
import { useMyUnit } from '@/lib/my-unit'
import { SettingsScreen } from '@/components/settings-screen'
import { unitSummary } from './lib/unit-summary'

export const APP_VERSION = '1.0.0'

/** What only admins see: the units registry and the record of their actions. */
const ADMIN_LINKS = [
  { to: '/settings/units', key: 'units', icon: DoorOpen },
  { to: '/settings/audit', key: 'audit', icon: History },
] as const

const ACCOUNT_LINKS = [
  { to: '/settings/profile', key: 'profile', icon: User },
  { to: '/settings/my-community', key: 'myCommunity', icon: Building2 },
  { to: '/settings/communities', key: 'communities', icon: Building2 },
  { to: '/despacho', key: 'despacho', icon: Briefcase },
  { to: '/settings/account-management', key: 'accountManagement', icon: ShieldCheck },
  { to: '/settings/app', key: 'app', icon: Settings2 },
] as const satisfies readonly { to: string; key: string; icon: LucideIcon }[]

/** /settings: who is signed in, the account's screens, the app's info and signing out. */
export function SettingsPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const profile = useProfile()
  const hasCommunity = Boolean(user?.communityId)
  const community = useCommunity(hasCommunity)
  const unit = useMyUnit(hasCommunity)
  const { signOut, pending: signingOut } = useSignOut()
  const supportEmail = useAppInfo().data?.supportEmail
  const name = (profile.data?.fullName ?? user?.fullName ?? '').trim() || t('common.user')
  const email = profile.data?.email ?? user?.email ?? ''
  const role = profile.data?.role ?? user?.role

  return (
    <SettingsScreen title={t('settings.home.title')}>
      <Card className="gap-0 py-5">
        <CardContent className="flex min-w-0 items-center gap-4">
          <Avatar src={profile.data?.avatarUrl} name={name} size="lg" />
          <div className="flex min-w-0 flex-col">
            <p className="truncate text-lg font-semibold">{name}</p>
            <p className="truncate text-sm text-muted-foreground">{email}</p>
            <p className="truncate text-sm text-muted-foreground">
              {hasCommunity && community.data ? `${community.data.name} · ` : ''}
              {unitSummary(unit.data ?? null, role, t)}
            </p>
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="settings-account" className="flex flex-col gap-2">
        <h2 id="settings-account" className="px-1 text-sm font-semibold text-muted-foreground">
          {t('settings.home.account')}
        </h2>
        <ul className="flex flex-col overflow-hidden rounded-2xl border bg-card">
          {ACCOUNT_LINKS.map(({ to, key, icon: Icon }) => (
            <li key={to} className="border-b last:border-b-0">
              <Link
                to={to}
                className="flex min-h-14 items-center gap-3 px-4 py-3 outline-none hover:bg-muted focus-visible:bg-muted"
              >
                <Icon className="size-5 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0 flex-1 font-medium">{t(`settings.home.links.${key}`)}</span>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          ))}
          {hasCommunity &&
            role === 'admin' &&
            ADMIN_LINKS.map(({ to, key, icon: Icon }) => (
              <li key={to} className="border-b">
                <Link
                  to={to}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 outline-none hover:bg-muted focus-visible:bg-muted"
                >
                  <Icon className="size-5 shrink-0 text-primary" aria-hidden />
                  <span className="min-w-0 flex-1 font-medium">{t(`settings.home.links.${key}`)}</span>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          <li>
            <a
              href={`mailto:${supportEmail ?? ''}?subject=${encodeURIComponent('Soporte')}`}
              className="flex min-h-14 items-center gap-3 px-4 py-3 outline-none hover:bg-muted focus-visible:bg-muted"
            >
              <LifeBuoy className="size-5 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 flex-1 font-medium">{t('settings.home.links.support')}</span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="settings-about" className="flex flex-col gap-2">
        <h2 id="settings-about" className="flex items-center gap-2 px-1 text-sm font-semibold text-muted-foreground">
          <Info className="size-4" aria-hidden />
          {t('settings.home.about')}
        </h2>
        <dl className="flex flex-col gap-2 rounded-2xl border bg-card p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('settings.home.version')}</dt>
            <dd className="font-medium">{APP_VERSION}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('settings.home.lastUpdate')}</dt>
            <dd className="text-right font-medium">{t('settings.home.lastUpdateDate')}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('settings.home.developedBy')}</dt>
            <dd className="text-right font-medium">{t('settings.home.developer')}</dd>
          </div>
        </dl>
        <div className="grid grid-cols-2 gap-2">
          {/* Spec: these two buttons do nothing yet. */}
          <Button type="button" variant="ghost" className="h-auto min-h-11 border bg-card whitespace-normal">
            {t('settings.home.terms')}
          </Button>
          <Button type="button" variant="ghost" className="h-auto min-h-11 border bg-card whitespace-normal">
            {t('settings.home.privacy')}
          </Button>
        </div>
      </section>

      <Button
        variant="destructive"
        size="lg"
        className="w-full"
        disabled={signingOut}
        aria-busy={signingOut}
        onClick={signOut}
      >
        {signingOut ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
        {t('settings.home.logout')}
      </Button>
    </SettingsScreen>
  )
}
