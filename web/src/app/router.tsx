import type { RouteObject } from 'react-router'
import { LandingPage } from '@/features/landing/landing-page'
import { PageLoading, RootLayout } from './layout/root-layout'
import { ROUTE_PATHS } from './routes'

// Every screen but the landing page is code-split: the router's `lazy` (React Router's counterpart of
// React.lazy) fetches it before it commits the navigation, so no Suspense fallback flashes between screens.
const underConstruction = async () => ({
  Component: (await import('@/features/under-construction/under-construction-page')).UnderConstructionPage,
})
const notFound = async () => ({
  Component: (await import('@/features/not-found/not-found-page')).NotFoundPage,
})

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <LandingPage /> },
      ...ROUTE_PATHS.filter((path) => path !== '/').map((path) => ({ path, lazy: underConstruction })),
      { path: '*', lazy: notFound },
    ],
  },
]
