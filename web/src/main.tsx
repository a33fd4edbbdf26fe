import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { Providers } from '@/app/providers'
import { routes } from '@/app/router'
import { startPwa } from '@/lib/pwa'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

startPwa()

// The offline and update notices load beside the first screen, not in its chunk (the size budget of /).
const PwaBanner = lazy(() => import('@/components/pwa-banner').then((m) => ({ default: m.PwaBanner })))

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createBrowserRouter(routes)} />
      <Suspense fallback={null}>
        <PwaBanner />
      </Suspense>
    </Providers>
  </StrictMode>,
)
