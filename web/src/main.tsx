import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { Providers } from '@/app/providers'
import { routes } from '@/app/router'
import { PwaBanner } from '@/components/pwa-banner'
import { startPwa } from '@/lib/pwa'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

startPwa()

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createBrowserRouter(routes)} />
      <PwaBanner />
    </Providers>
  </StrictMode>,
)
