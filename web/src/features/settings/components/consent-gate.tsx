import { lazy, Suspense } from 'react'
import { useConsent } from '../api/privacy'

// The dialog (Radix's Dialog, the linked texts) is a chunk of its own: almost every visit finds the
// terms accepted, and the app layout, where the gate sits, is on the way to every protected screen's
// first paint.
const ConsentDialog = lazy(() => import('./consent-dialog').then((m) => ({ default: m.ConsentDialog })))

/**
 * Asks the signed-in member to accept the terms and the privacy policy when they have not accepted the
 * version in force (a new version, or an account made without it).
 */
export function ConsentGate() {
  const consent = useConsent()
  if (!consent.data || consent.data.accepted) return null
  return (
    <Suspense fallback={null}>
      <ConsentDialog version={consent.data.current} />
    </Suspense>
  )
}
