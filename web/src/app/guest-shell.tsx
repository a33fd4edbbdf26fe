import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { Toaster } from '@/components/ui/toast'

// Every screen but the landing page sits in this shell, a chunk of its own, so that the landing page
// carries neither the API client, react-query nor the toasts (ADR 0029). It is all a guest screen (sign-in,
// registration, the email and password pages) needs; the member shell (app-shell.tsx: the realtime stream,
// the icons) and the whole catalogue load only past them. The route table also takes the session gates from
// here, so they share the chunk.
export { GuestOnly, RequireSession } from './session-gate'

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Community data changes rarely; live updates come over SSE and invalidate queries.
      queries: { staleTime: 30_000, retry: 1 },
    },
  })
}

/** The query cache and the toasts of every screen past the landing page. */
export function GuestShell() {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  )
}
