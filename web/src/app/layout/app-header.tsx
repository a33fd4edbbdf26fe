import { Menu } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'

interface AppHeaderProps {
  title: string
  /** The user's name; 'Usuario' when they have not set one. */
  name?: string
  avatarUrl?: string | null
  /** Shows a menu button at the start of the header. */
  onMenuClick?: () => void
  /** Under the title: the current community, and its switcher (ADR 0040). */
  community?: ReactNode
}

/**
 * The fixed top bar: logo, title, optional menu button, and the user's avatar with 'Mi cuenta' (→ /settings;
 * the label only shows from the sm breakpoint, the avatar always).
 */
export function AppHeader({ title, name, avatarUrl, onMenuClick, community }: AppHeaderProps) {
  const { t } = useTranslation()
  const shownName = name?.trim() ? name.trim() : t('common.user')
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b bg-card/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-14 max-w-lg items-center gap-2 px-3">
        {onMenuClick && (
          <Button variant="ghost" size="icon" className="-ml-1" onClick={onMenuClick} aria-label={t('layout.openMenu')}>
            <Menu className="size-5" aria-hidden />
          </Button>
        )}
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <Link
            to="/dashboard"
            className="flex min-w-0 items-center gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <img src="/logo.svg" alt="" className="size-8 shrink-0" />
            {!community && <span className="truncate text-base font-bold tracking-tight">{title}</span>}
          </Link>
          {community && (
            <div className="flex min-w-0 flex-col leading-tight">
              <span className="truncate text-base font-bold tracking-tight">{title}</span>
              {community}
            </div>
          )}
        </div>
        <Link
          to="/settings"
          aria-label={t('layout.myAccount')}
          className={
            'flex h-11 shrink-0 items-center gap-2 rounded-full pr-1 pl-1 text-sm font-semibold outline-none ' +
            'hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:pr-3'
          }
        >
          <Avatar src={avatarUrl} name={shownName} size="sm" />
          <span className="hidden sm:inline">{t('layout.myAccount')}</span>
        </Link>
      </div>
    </header>
  )
}
