import { lazy, StrictMode, Suspense, useEffect } from 'react'
import type { DataRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { Providers } from '@/app/providers'
import { usePwa } from '@/lib/pwa'

// The offline and update notices load only when there is one to show, not in the first screen's chunk
// (the size budget of /); the service worker precaches their chunk so that they load offline too.
const PwaBanner = lazy(() => import('@/components/pwa-banner').then((m) => ({ default: m.PwaBanner })))

function PwaNotices() {
  const { online, updateReady } = usePwa()
  if (online && !updateReady) return null
  return (
    <Suspense fallback={null}>
      <PwaBanner />
    </Suspense>
  )
}

/**
 * The whole app around a router: the browser's in main.tsx, a memory router when the build prerenders
 * /login and /register (src/prerender.tsx). One tree for both, so that the browser hydrates the page the
 * server sent instead of drawing it again (ADR 0029).
 */
export function App({ router, onMounted }: { router: DataRouter; onMounted?: () => void }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <PwaNotices />
        <Mounted onMounted={onMounted} />
      </Providers>
    </StrictMode>
  )
}

/** Calls onMounted once the tree before it is in the page (its effects run after theirs). */
function Mounted({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => {
    onMounted?.()
  }, [onMounted])
  return null
}
