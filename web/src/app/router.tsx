import type { LazyRouteFunction, RouteObject } from 'react-router'
import { LandingPage } from '@/features/landing/landing-page'
import { loadGuestCatalogue, loadWholeCatalogue } from '@/lib/i18n'
import { PageLoading, RootLayout } from './layout/root-layout'
import {
  GUEST_PATHS,
  PUBLIC_AUTH_PATHS,
  PROTECTED_PATHS,
  PUBLIC_PATHS,
  WIZARD_PATHS,
  type RoutePath,
} from './routes'

type Lazy = LazyRouteFunction<RouteObject>
type GuestShell = typeof import('./guest-shell')
type AppShell = typeof import('./app-shell')

/**
 * A layout route of a shell's chunk, which waits for a catalogue too (the guest sections, or the whole
 * catalogue), so that no screen under it renders before its texts are there.
 */
function shellPart<Shell>(
  shell: () => Promise<Shell>,
  pick: (shell: Shell) => RouteObject['Component'],
  catalogue?: () => Promise<void>,
): Lazy {
  return async () => {
    const [module] = await Promise.all([shell(), catalogue?.()])
    return { Component: pick(module) }
  }
}

const guestShell = () => import('./guest-shell')
const guestPart = (pick: (shell: GuestShell) => RouteObject['Component'], catalogue?: () => Promise<void>) =>
  shellPart(guestShell, pick, catalogue)
/** A layout route that only waits for the guest sections of the catalogue. */
const guestTexts: Lazy = async () => {
  await loadGuestCatalogue('guest')
  return {}
}
const appShell = () => import('./app-shell')
const appPart = (pick: (shell: AppShell) => RouteObject['Component'], catalogue?: () => Promise<void>) =>
  shellPart(appShell, pick, catalogue)

// Every screen but the landing page is code-split: the router's `lazy` (React Router's counterpart of
// React.lazy) fetches it before it commits the navigation, so no Suspense fallback flashes between screens.
const notFound: Lazy = async () => ({
  Component: (await import('@/features/not-found/not-found-page')).NotFoundPage,
})

/** Every screen of the route table but the landing page (which is not code-split): the type checks none is missing. */
const screens: Record<Exclude<RoutePath, '/'>, Lazy> = {
  // The sign-in screens wait for their own part of the catalogue's guest sections (issue #39).
  '/login': async () => {
    const [screen] = await Promise.all([import('@/features/auth/login/login-page'), loadGuestCatalogue('login')])
    return { Component: screen.LoginPage }
  },
  '/register': async () => {
    const [screen] = await Promise.all([
      import('@/features/auth/register/register-page'),
      loadGuestCatalogue('register'),
    ])
    return { Component: screen.RegisterPage }
  },
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
  '/start': async () => ({ Component: (await import('@/features/onboarding/start/start-page')).StartPage }),
  '/join': async () => ({ Component: (await import('@/features/onboarding/join/join-page')).JoinPage }),
  '/find-community': async () => ({
    Component: (await import('@/features/onboarding/find-community/find-community-page')).FindCommunityPage,
  }),
  '/choose-unit': async () => ({
    Component: (await import('@/features/onboarding/choose-unit/choose-unit-page')).ChooseUnitPage,
  }),
  '/verify': async () => ({ Component: (await import('@/features/onboarding/verify/verify-page')).VerifyPage }),
  '/done': async () => ({ Component: (await import('@/features/onboarding/done/done-page')).DonePage }),
  '/settings': async () => ({ Component: (await import('@/features/settings/settings-page')).SettingsPage }),
  '/settings/profile': async () => ({
    Component: (await import('@/features/settings/profile/profile-page')).ProfilePage,
  }),
  '/settings/my-community': async () => ({
    Component: (await import('@/features/memberships/my-community/my-community-page')).MyCommunityPage,
  }),
  '/settings/account-management': async () => ({
    Component: (await import('@/features/settings/account-management/account-management-page')).AccountManagementPage,
  }),
  '/settings/app': async () => ({
    Component: (await import('@/features/settings/app/app-settings-page')).AppSettingsPage,
  }),
  '/settings/community-info': async () => ({
    Component: (await import('@/features/memberships/community-info/community-info-page')).CommunityInfoPage,
  }),
  '/settings/unit-info': async () => ({
    Component: (await import('@/features/memberships/unit-info/unit-info-page')).UnitInfoPage,
  }),
  '/settings/roles': async () => ({ Component: (await import('@/features/memberships/roles/roles-page')).RolesPage }),
  '/settings/units': async () => ({ Component: (await import('@/features/settings/units/units-page')).UnitsPage }),
  '/settings/verifications': async () => ({
    Component: (await import('@/features/memberships/verifications/verifications-page')).VerificationsPage,
  }),
  '/settings/invitations': async () => ({
    Component: (await import('@/features/settings/invitations/invitations-page')).InvitationsPage,
  }),
  '/settings/audit': async () => ({ Component: (await import('@/features/settings/audit/audit-page')).AuditPage }),
  '/settings/communities': async () => ({
    Component: (await import('@/features/memberships/communities-page')).CommunitiesPage,
  }),
  '/despacho': async () => ({ Component: (await import('@/features/despacho/despacho-page')).DespachoPage }),
  '/settings/despacho': async () => ({ Component: (await import('@/features/despacho/processor-page')).ProcessorPage }),
  '/despacho/unirse': async () => ({ Component: (await import('@/features/despacho/despacho-join-page')).DespachoJoinPage }),
  '/despacho/comunidades/:id/importar': async () => ({ Component: (await import('@/features/despacho/import-page')).OfficeImportPage }),
  '/incidents': async () => ({ Component: (await import('@/features/incidents/incidents-page')).IncidentsPage }),
  '/events': async () => ({ Component: (await import('@/features/events/events-page')).EventsPage }),
  // The menu's cards come from the route table (menu-entries.ts), loaded with the menu's chunk.
  '/menu': async () => {
    const [{ MenuPage }, cards] = await Promise.all([
      import('@/features/menu/menu-page'),
      import('./menu-entries').then(({ MENU_ENTRIES }) =>
        Promise.all(MENU_ENTRIES.map(async (entry) => ({ ...entry, icon: (await entry.icon()).default }))),
      ),
    ])
    return { element: <MenuPage cards={cards} /> }
  },
  '/documents': async () => ({ Component: (await import('@/features/documents/documents-page')).DocumentsPage }),
  '/messages': async () => ({ Component: (await import('@/features/messages/messages-page')).MessagesPage }),
  '/conversation/:chatId': async () => ({
    Component: (await import('@/features/messages/conversation/conversation-page')).ConversationPage,
  }),
  '/community-channel': async () => ({
    Component: (await import('@/features/messages/conversation/community-channel-page')).CommunityChannelPage,
  }),
  '/community': async () => ({
    Component: (await import('@/features/messages/conversation/community-channel-page')).CommunityChannelPage,
  }),
  '/announcements': async () => ({
    Component: (await import('@/features/announcements/announcements-page')).AnnouncementsPage,
  }),
  '/directory': async () => ({ Component: (await import('@/features/directory/directory-page')).DirectoryPage }),
  '/voting': async () => ({ Component: (await import('@/features/voting/voting-page')).VotingPage }),
  '/reservations': async () => ({
    Component: (await import('@/features/reservations/reservations-page')).ReservationsPage,
  }),
  '/services': async () => ({ Component: (await import('@/features/providers/providers-page')).ProvidersPage }),
  '/tasks': async () => ({ Component: (await import('@/features/tasks/tasks-page')).TasksPage }),
  '/maintenance': async () => ({
    Component: (await import('@/features/maintenance/maintenance-page')).MaintenancePage,
  }),
  '/wall': async () => ({ Component: (await import('@/features/wall/wall-page')).WallPage }),
  '/money': async () => ({ Component: (await import('@/features/money/money-page')).MoneyPage }),
  '/my-fees': async () => ({ Component: (await import('@/features/money/my-fees-page')).MyFeesPage }),
  // The year's accounts: their charts and texts come with this chunk only (ADR 0050).
  '/accounts': async () => ({ Component: (await import('@/features/money/accounts-page')).AccountsPage }),
  '/juntas': async () => ({ Component: (await import('@/features/juntas/juntas-page')).JuntasPage }),
  '/juntas/:id': async () => ({ Component: (await import('@/features/juntas/junta-page')).JuntaPage }),
  // The legal texts, linked from the registration form and the consent dialog: their own chunk.
  '/terminos': async () => ({ Component: (await import('@/features/legal/legal-page')).TermsPage }),
  '/privacidad': async () => ({ Component: (await import('@/features/legal/legal-page')).PrivacyPage }),
}

const appLayout: Lazy = async () => ({ Component: (await import('./layout/app-layout')).AppLayout })

function screen(path: RoutePath): RouteObject {
  // '/' is the landing page, in the bundle itself so that it shows at once.
  return path === '/' ? { index: true, element: <LandingPage /> } : { path, lazy: screens[path] }
}

// /dev/* (the dev mailbox) is served by the Go server: link to it with a plain <a>, never a router <Link>.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        // Every other screen: react-query and the toasts. The guest screens load their catalogue sections.
        lazy: guestPart((shell) => shell.GuestShell),
        children: [
          { lazy: guestPart((shell) => shell.GuestOnly), children: GUEST_PATHS.map(screen) },
          { lazy: guestTexts, children: PUBLIC_AUTH_PATHS.map(screen) },
          {
            // The rest: the realtime stream, the icons and the whole catalogue.
            lazy: appPart((shell) => shell.AppShell, loadWholeCatalogue),
            children: [
              ...PUBLIC_PATHS.filter((path) => path !== '/' && !PUBLIC_AUTH_PATHS.includes(path)).map(screen),
              // The onboarding wizard is full screen (no app layout); without a session it starts at /start.
              { lazy: appPart((shell) => shell.OnboardingGate), children: WIZARD_PATHS.map(screen) },
              // Opened from the link sent to a new email address, and from the notice sent to the old one
              // (not in the spec's route table).
              {
                path: '/confirm-email-change',
                lazy: async () => ({
                  Component: (await import('@/features/settings/confirm-email-change/confirm-email-change-page'))
                    .ConfirmEmailChangePage,
                }),
              },
              // The public check of a certificate of debt, printed on it (issue #36).
              {
                path: '/certificado/:code',
                lazy: async () => ({
                  Component: (await import('@/features/money/certificate-check-page')).CertificateCheckPage,
                }),
              },
              {
                path: '/cancel-email-change',
                lazy: async () => ({
                  Component: (await import('@/features/settings/cancel-email-change/cancel-email-change-page'))
                    .CancelEmailChangePage,
                }),
              },
              // Protected screens share the app layout (header and bottom bar); account screens do not.
              {
                lazy: guestPart((shell) => shell.RequireSession),
                children: [{ lazy: appLayout, children: PROTECTED_PATHS.map(screen) }],
              },
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
    ],
  },
]

/** The routes from the table's root down to the screen of a path without parameters (/login), or none. */
function routesTo(table: RouteObject[], path: string): RouteObject[] {
  for (const route of table) {
    if (route.path === path) return [route]
    if (route.path !== undefined || route.index || !route.children) continue
    const below = routesTo(route.children, path)
    if (below.length > 0) return [route, ...below]
  }
  return []
}

/**
 * Loads the lazy routes down to a prerendered page's screen and puts what they load in place, as if the
 * table had them. Hydrating a prerendered page needs it: the router would otherwise draw its fallback
 * first, which is not the markup the server sent. It walks the table itself: React Router's matchRoutes
 * ranks every route of the table first, work the router does again as it starts.
 */
export async function loadRoutesOf(path: string): Promise<void> {
  await Promise.all(
    routesTo(routes, path).map(async (route) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}
