import type { LucideIcon } from 'lucide-react'
import type { TranslationKey } from '@/lib/translator'
import type { RoutePath } from './routes'

/** A section of the catalogue with a `title` and a `description`: the texts of a menu card. */
export type CardTexts<K = TranslationKey> = K extends `${infer S}.title` ? (`${S}.description` extends TranslationKey ? S : never) : never

/**
 * A card of the /menu page: the screen it opens, the catalogue section of its title and description (its
 * feature's own), its icon and whether only the community's admins see it ('Cuentas', the community's money).
 * This table is loaded with the menu's screen, not with the first screen (scripts/size-budget.mjs: the
 * sign-in screens stay under 120 kB).
 */
export interface MenuEntry {
  path: RoutePath
  texts: CardTexts
  icon: () => Promise<{ default: LucideIcon }>
  adminOnly?: boolean
}

/** The cards of /menu, in their order: a feature adds its card here, as it adds its path to routes.ts. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    path: '/announcements',
    texts: 'menu.items.announcements',
    icon: () => import('lucide-react/icons/megaphone'),
  },
  {
    path: '/messages',
    texts: 'menu.items.messages',
    icon: () => import('lucide-react/icons/message-circle'),
  },
  {
    path: '/directory',
    texts: 'menu.items.directory',
    icon: () => import('lucide-react/icons/users'),
  },
  {
    path: '/incidents',
    texts: 'menu.items.incidents',
    icon: () => import('lucide-react/icons/triangle-alert'),
  },
  {
    path: '/events',
    texts: 'menu.items.events',
    icon: () => import('lucide-react/icons/calendar-days'),
  },
  {
    path: '/reservations',
    texts: 'menu.items.reservations',
    icon: () => import('lucide-react/icons/calendar-check'),
  },
  {
    path: '/documents',
    texts: 'menu.items.documents',
    icon: () => import('lucide-react/icons/folder-open'),
  },
  {
    path: '/voting',
    texts: 'menu.items.voting',
    icon: () => import('lucide-react/icons/vote'),
  },
  {
    path: '/juntas',
    texts: 'menu.items.juntas',
    icon: () => import('lucide-react/icons/gavel'),
  },
  {
    path: '/services',
    texts: 'menu.items.services',
    icon: () => import('lucide-react/icons/wrench'),
  },
  {
    path: '/tasks',
    texts: 'menu.items.tasks',
    icon: () => import('lucide-react/icons/clipboard-list'),
  },
  {
    path: '/maintenance',
    texts: 'maintenance.menu',
    icon: () => import('lucide-react/icons/clipboard-check'),
  },
  {
    path: '/wall',
    texts: 'menu.items.wall',
    icon: () => import('lucide-react/icons/messages-square'),
  },
  {
    path: '/my-fees',
    texts: 'menu.items.myFees',
    icon: () => import('lucide-react/icons/receipt'),
  },
  {
    path: '/accounts',
    texts: 'menu.items.accounts',
    icon: () => import('lucide-react/icons/landmark'),
  },
  {
    path: '/money',
    texts: 'menu.items.money',
    icon: () => import('lucide-react/icons/landmark'), adminOnly: true,
  },
  {
    path: '/settings',
    texts: 'menu.items.settings',
    icon: () => import('lucide-react/icons/settings'),
  },
]
