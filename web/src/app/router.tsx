import type { LazyRouteFunction, RouteObject } from 'react-router'
import { LandingPage } from '@/features/landing/landing-page'
import { PageLoading, RootLayout } from './layout/root-layout'
import { GUEST_PATHS, PROTECTED_PATHS, PUBLIC_PATHS, type RoutePath } from './routes'
import { GuestOnly, RequireSession } from './session-gate'

type Lazy = LazyRouteFunction<RouteObject>

// Every screen but the landing page is code-split: the router's `lazy` (React Router's counterpart of
// React.lazy) fetches it before it commits the navigation, so no Suspense fallback flashes between screens.
const underConstruction: Lazy = async () => ({
  Component: (await import('@/features/under-construction/under-construction-page')).UnderConstructionPage,
})
const notFound: Lazy = async () => ({
  Component: (await import('@/features/not-found/not-found-page')).NotFoundPage,
})

/** The screens built so far; every other path of the route table is under construction. */
const screens: Partial<Record<RoutePath, Lazy>> = {
  '/login': async () => ({ Component: (await import('@/features/auth/login/login-page')).LoginPage }),
  '/register': async () => ({ Component: (await import('@/features/auth/register/register-page')).RegisterPage }),
  '/email-pending': async () => ({
    Component: (await import('@/features/auth/email-pending/email-pending-page')).EmailPendingPage,
  }),
  '/confirm-email': async () => ({
    Component: (await import('@/features/auth/confirm-email/confirm-email-page')).ConfirmEmailPage,
  }),
  '/forgot-password': async () => ({
    Component: (await import('@/features/auth/forgot-password/forgot-password-page')).ForgotPasswordPage,
  }),
  '/reset-password': async () => ({
    Component: (await import('@/features/auth/reset-password/reset-password-page')).ResetPasswordPage,
  }),
  '/dashboard': async () => ({ Component: (await import('@/features/dashboard/dashboard-page')).DashboardPage }),
}

function screen(path: RoutePath): RouteObject {
  return { path, lazy: screens[path] ?? underConstruction }
}

// /dev/* (the dev mailbox) is served by the Go server: link to it with a plain <a>, never a router <Link>.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <LandingPage /> },
      ...PUBLIC_PATHS.filter((path) => path !== '/').map(screen),
      { element: <GuestOnly />, children: GUEST_PATHS.map(screen) },
      { element: <RequireSession />, children: PROTECTED_PATHS.map(screen) },
      { path: '*', lazy: notFound },
    ],
  },
]
