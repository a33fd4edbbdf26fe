import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { Providers } from '@/app/providers'
import { routes } from '@/app/router'
import { startPwa, usePwa } from '@/lib/pwa'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

startPwa()

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

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createBrowserRouter(routes)} />
      <PwaNotices />
    </Providers>
  </StrictMode>,
)
