import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { Toaster } from '@/components/ui/toast'
import { RealtimeProvider } from '@/lib/realtime-provider'

// Every screen but the landing page sits in this shell, a chunk of its own, so that the landing page
// carries neither the API client, react-query, the realtime stream nor the toasts (ADR 0029). The route
// table also takes the gates from here, so they share the chunk; the app layout (header and tab bar) is a
// chunk of its own, as /login and /register do not show it.
export { GuestOnly, RequireSession } from './session-gate'
export { OnboardingGate } from '@/features/onboarding/onboarding-gate'

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Community data changes rarely; live updates come over SSE and invalidate queries.
      queries: { staleTime: 30_000, retry: 1 },
    },
  })
}

/** The query cache, the realtime stream and the toasts of every screen past the landing page. */
export function AppShell() {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <Outlet />
      </RealtimeProvider>
      <Toaster />
    </QueryClientProvider>
  )
}
