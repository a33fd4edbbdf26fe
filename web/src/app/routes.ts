import type { LucideIcon } from 'lucide-react'
import type { TranslationKey } from '@/lib/translator'

/** Every path of the product's route table (spec 01, section 2). Anything else is the 404 page. */
export const ROUTE_PATHS = [
  '/',
  '/start',
  '/join',
  '/find-community',
  '/choose-unit',
  '/verify',
  '/done',
  '/login',
  '/register',
  '/confirm-email',
  '/email-pending',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/incidents',
  '/reservations',
  '/documents',
  '/messages',
  '/conversation/:chatId',
  '/community-channel',
  '/community',
  '/voting',
  '/events',
  '/directory',
  '/services',
  '/tasks',
  '/maintenance',
  '/wall',
  '/announcements',
  '/menu',
  '/settings',
  '/settings/profile',
  '/settings/my-community',
  '/settings/account-management',
  '/settings/app',
  '/settings/community-info',
  '/settings/unit-info',
  '/settings/roles',
  '/settings/verifications',
  '/settings/units',
  '/settings/invitations',
  '/settings/audit',
  '/settings/communities',
  '/despacho',
  '/settings/despacho',
  '/despacho/unirse',
  '/despacho/comunidades/:id/importar',
  '/money',
  '/my-fees',
  '/accounts',
  '/juntas',
  '/juntas/:id',
  '/terminos',
  '/privacidad',
] as const

export type RoutePath = (typeof ROUTE_PATHS)[number]

/** The onboarding wizard: /start is open to anyone; the steps after it need a session (else /start). */
export const ONBOARDING_PATHS = [
  '/start',
  '/join',
  '/find-community',
  '/choose-unit',
  '/verify',
  '/done',
] as const satisfies readonly RoutePath[]

/** The wizard's steps after /start, behind the onboarding gate (full screen, outside the app layout). */
export const WIZARD_PATHS = ONBOARDING_PATHS.filter((path) => path !== '/start')

/** Sign-in and registration: a signed-in user is sent on to the dashboard. */
export const GUEST_PATHS = ['/login', '/register'] as const satisfies readonly RoutePath[]

/**
 * The email and password pages, open to anyone: like the guest screens, they show only the guest sections
 * of the catalogue (src/locales/sections.ts), without the member shell.
 */
export const PUBLIC_AUTH_PATHS: readonly RoutePath[] = ['/confirm-email', '/email-pending', '/forgot-password', '/reset-password']

/** Open to anyone, signed in or not. */
export const PUBLIC_PATHS = [
  '/',
  '/confirm-email',
  '/email-pending',
  '/forgot-password',
  '/reset-password',
  '/start',
  '/terminos',
  '/privacidad',
] as const satisfies readonly RoutePath[]

const open = new Set<string>([...PUBLIC_PATHS, ...GUEST_PATHS, ...WIZARD_PATHS])

/** Every other screen needs a session with a confirmed email. */
export const PROTECTED_PATHS = ROUTE_PATHS.filter((path) => !open.has(path))

/** A section of the catalogue with a `title` and a `description`: the texts of a menu card. */
export type CardTexts<K = TranslationKey> = K extends `${infer S}.title` ? (`${S}.description` extends TranslationKey ? S : never) : never

/**
 * A card of the /menu page: the screen it opens, the catalogue section of its title and description (its
 * feature's own), its icon and whether only the community's admins see it ('Cuentas', the community's money).
 * The icon is loaded with the menu's screen, not with the first screen (scripts/size-budget.mjs); the table
 * is in the first screen's bundle, so it stays this terse.
 */
export interface MenuEntry {
  path: RoutePath
  texts: CardTexts
  icon: () => Promise<{ default: LucideIcon }>
  adminOnly?: boolean
}

/** The cards of /menu, in their order: a feature adds its card here, as it adds its path above. */
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
