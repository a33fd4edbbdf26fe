/** Subscribing this device to web push, from the settings (docs/adr/0030; see lib/push-device.ts). */

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** Asks for permission and subscribes this device with the server's VAPID key. */
export async function subscribePush(publicKey: string): Promise<PushSubscriptionJSON> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushPermissionError()
  const registration = await navigator.serviceWorker.ready
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  })
  return subscription.toJSON()
}

/** The person refused (or had blocked) notifications for this site. */
export class PushPermissionError extends Error {
  constructor() {
    super('notifications not allowed')
    this.name = 'PushPermissionError'
  }
}

/** A label for this device in the list of devices ('Chrome · Android'). */
export function deviceLabel(): string {
  const ua = navigator.userAgent
  const first = (names: [string, string][]) => names.find(([needle]) => ua.includes(needle))?.[1] ?? ''
  const browser = first([
    ['Edg/', 'Edge'],
    ['Firefox/', 'Firefox'],
    ['Chrome/', 'Chrome'],
    ['Safari/', 'Safari'],
  ])
  const system = first([
    ['Android', 'Android'],
    ['iPhone', 'iOS'],
    ['iPad', 'iOS'],
    ['Windows', 'Windows'],
    ['Mac OS X', 'macOS'],
    ['Linux', 'Linux'],
  ])
  return [browser, system].filter(Boolean).join(' · ')
}
