import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { Providers } from '@/app/providers'
import { routes } from '@/app/router'

// RouterProvider from 'react-router', not 'react-router/dom' as in main.tsx: under Vitest the dom entry is
// loaded by Node as a second copy of react-router whose context the app's hooks cannot see.

interface RenderRouteOptions {
  /** Render inside <StrictMode> as main.tsx does (effects run twice on mount). */
  strict?: boolean
  /** Let user-event drive Vitest's fake timers. */
  fakeTimers?: boolean
}

/** Renders the whole app (providers and the real route table) at `path`, as a user would open it. */
export function renderRoute(path: string, { strict = false, fakeTimers = false }: RenderRouteOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {})
  const app = (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  )
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app)
  return { ...view, router, user }
}
