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

/**
 * A card of the /menu page: the screen it opens, the catalogue keys of its title and description (a feature's
 * own section), its icon and whether only the community's admins see it ('Cuentas', the community's money).
 * The icon is a module of its own, which the menu's route loads with its screen: the icons stay out of the
 * first screen's bundle (scripts/size-budget.mjs).
 */
export interface MenuEntry {
  path: RoutePath
  title: TranslationKey
  description: TranslationKey
  icon: () => Promise<{ default: LucideIcon }>
  adminOnly?: boolean
}

/** The cards of /menu, in their order: a feature adds its card here, as it adds its path above. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    path: '/announcements',
    title: 'menu.items.announcements.title',
    description: 'menu.items.announcements.description',
    icon: () => import('lucide-react/icons/megaphone'),
  },
  {
    path: '/messages',
    title: 'menu.items.messages.title',
    description: 'menu.items.messages.description',
    icon: () => import('lucide-react/icons/message-circle'),
  },
  {
    path: '/directory',
    title: 'menu.items.directory.title',
    description: 'menu.items.directory.description',
    icon: () => import('lucide-react/icons/users'),
  },
  {
    path: '/incidents',
    title: 'menu.items.incidents.title',
    description: 'menu.items.incidents.description',
    icon: () => import('lucide-react/icons/triangle-alert'),
  },
  {
    path: '/events',
    title: 'menu.items.events.title',
    description: 'menu.items.events.description',
    icon: () => import('lucide-react/icons/calendar-days'),
  },
  {
    path: '/reservations',
    title: 'menu.items.reservations.title',
    description: 'menu.items.reservations.description',
    icon: () => import('lucide-react/icons/calendar-check'),
  },
  {
    path: '/documents',
    title: 'menu.items.documents.title',
    description: 'menu.items.documents.description',
    icon: () => import('lucide-react/icons/folder-open'),
  },
  {
    path: '/voting',
    title: 'menu.items.voting.title',
    description: 'menu.items.voting.description',
    icon: () => import('lucide-react/icons/vote'),
  },
  {
    path: '/juntas',
    title: 'menu.items.juntas.title',
    description: 'menu.items.juntas.description',
    icon: () => import('lucide-react/icons/gavel'),
  },
  {
    path: '/services',
    title: 'menu.items.services.title',
    description: 'menu.items.services.description',
    icon: () => import('lucide-react/icons/wrench'),
  },
  {
    path: '/tasks',
    title: 'menu.items.tasks.title',
    description: 'menu.items.tasks.description',
    icon: () => import('lucide-react/icons/clipboard-list'),
  },
  {
    path: '/wall',
    title: 'menu.items.wall.title',
    description: 'menu.items.wall.description',
    icon: () => import('lucide-react/icons/messages-square'),
  },
  {
    path: '/my-fees',
    title: 'menu.items.myFees.title',
    description: 'menu.items.myFees.description',
    icon: () => import('lucide-react/icons/receipt'),
  },
  {
    path: '/accounts',
    title: 'menu.items.accounts.title',
    description: 'menu.items.accounts.description',
    icon: () => import('lucide-react/icons/landmark'),
  },
  {
    path: '/money',
    title: 'menu.items.money.title',
    description: 'menu.items.money.description',
    icon: () => import('lucide-react/icons/landmark'), adminOnly: true,
  },
  {
    path: '/settings',
    title: 'menu.items.settings.title',
    description: 'menu.items.settings.description',
    icon: () => import('lucide-react/icons/settings'),
  },
]
