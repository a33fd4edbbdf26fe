import { Outlet } from 'react-router'
import { RealtimeProvider } from '@/lib/realtime-provider'

// Every screen but the landing page and the guest screens sits in this shell, inside the guest shell (which
// holds the query cache and the toasts): a chunk of its own with the realtime stream and the icons, which
// a guest signing in does not download (ADR 0029). The app layout (header and tab bar) is a chunk of its
// own, as the onboarding wizard does not show it.
export { OnboardingGate } from '@/features/onboarding/onboarding-gate'

/** The realtime stream of every screen past the guest screens. */
export function AppShell() {
  return (
    <RealtimeProvider>
      <Outlet />
    </RealtimeProvider>
  )
}
