/**
 * This device's web push subscription (docs/adr/0030), as the sign-out drops it: apart from lib/pwa.ts,
 * which every page's first download carries, and from the subscribing (lib/push-subscribe.ts), which only
 * the settings need, so that the sign-in screens download neither (issue #39).
 */

/** Whether this browser can receive web push (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** This device's push subscription, or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Drops this device's push subscription, if any (signing out). Never fails. */
export async function forgetPushSubscription(): Promise<void> {
  try {
    await (await currentPushSubscription())?.unsubscribe()
  } catch {
    // Nothing to drop, or the browser refused: the server removes the device at its next 404/410.
  }
}
