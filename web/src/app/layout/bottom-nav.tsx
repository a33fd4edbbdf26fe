import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { activeTab, NAV_TABS, type NavTab } from './nav-tabs'

interface BottomNavProps {
  /** Something to show on a tab's icon, e.g. the unread count on Mensajes (filled by the messaging feature). */
  badges?: Partial<Record<NavTab, ReactNode>>
}

/** The fixed bottom bar: Inicio, Mensajes, Incidencias, Eventos and Menú, the current one highlighted. */
export function BottomNav({ badges = {} }: BottomNavProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const current = activeTab(pathname)
  return (
    <nav
      aria-label={t('layout.nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid h-(--bottom-nav-height) max-w-lg grid-cols-5">
        {NAV_TABS.map(({ tab, to, icon: Icon }) => {
          const active = tab === current
          return (
            <li key={tab} className="flex">
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex flex-1 flex-col items-center justify-center gap-0.5 text-[0.7rem] font-medium ' +
                    'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <span
                  className={cn(
                    'relative flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                    active && 'bg-accent',
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                  {badges[tab] && <span className="absolute -top-1 -right-1">{badges[tab]}</span>}
                </span>
                <span className="max-w-full truncate px-0.5">{t(`layout.nav.${tab}`)}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
