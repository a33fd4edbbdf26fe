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
] as const

export type RoutePath = (typeof ROUTE_PATHS)[number]

/** The onboarding wizard: it will get its own gate (no session goes to /start) in a later issue. */
export const ONBOARDING_PATHS = [
  '/start',
  '/join',
  '/find-community',
  '/choose-unit',
  '/verify',
  '/done',
] as const satisfies readonly RoutePath[]

/** Sign-in and registration: a signed-in user is sent on to the dashboard. */
export const GUEST_PATHS = ['/login', '/register'] as const satisfies readonly RoutePath[]

/** Open to anyone, signed in or not. */
export const PUBLIC_PATHS = [
  '/',
  '/confirm-email',
  '/email-pending',
  '/forgot-password',
  '/reset-password',
  ...ONBOARDING_PATHS,
] as const satisfies readonly RoutePath[]

const open = new Set<string>([...PUBLIC_PATHS, ...GUEST_PATHS])

/** Every other screen needs a session with a confirmed email. */
export const PROTECTED_PATHS = ROUTE_PATHS.filter((path) => !open.has(path))
