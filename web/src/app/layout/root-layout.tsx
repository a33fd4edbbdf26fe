import { Outlet, ScrollRestoration } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { useCanonicalLink } from '@/lib/document-head'

/** Wraps every screen: keeps the canonical link on the current URL and restores scroll on navigation. */
export function RootLayout() {
  useCanonicalLink()
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}

/** Shown while the first screen's code loads (lazy routes on a deep link). */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" />
    </div>
  )
}
