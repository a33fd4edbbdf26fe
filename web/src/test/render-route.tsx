import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { Providers } from '@/app/providers'
import { routes } from '@/app/router'

// RouterProvider from 'react-router', not 'react-router/dom' as in main.tsx: under Vitest the dom entry is
// loaded by Node as a second copy of react-router whose context the app's hooks cannot see.

/** Renders the whole app (providers and the real route table) at `path`, as a user would open it. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const user = userEvent.setup()
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router, user }
}
