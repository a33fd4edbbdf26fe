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
