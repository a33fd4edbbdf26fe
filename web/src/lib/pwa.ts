import { useSyncExternalStore } from 'react'

/**
 * The installable app (docs/adr/0030): the service worker's registration and update, the connection
 * state, and the browser's install prompt. main.tsx calls startPwa once; screens read the state with usePwa.
 * This device's push subscription is lib/push-device.ts: every page's first download carries this module,
 * and only the settings and the sign-out need that one (issue #39).
 */

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface PwaState {
  online: boolean
  /** A new version is installed and waits for 'Recargar'. */
  updateReady: boolean
  /** The browser offered to install the app (beforeinstallprompt). */
  installable: boolean
  /** Running as the installed app. */
  installed: boolean
  /** Files of the app kept on this device for offline use. */
  cachedFiles: number
}

const SHELL_CACHE = 'vecinos-shell-'

/** What a prerendered page shows (src/prerender.tsx); hydration starts from it, then takes the real state. */
const PRERENDERED_STATE: PwaState = { online: true, updateReady: false, installable: false, installed: false, cachedFiles: 0 }

let state = PRERENDERED_STATE
const listeners = new Set<() => void>()
let waitingWorker: ServiceWorker | null = null
let installEvent: BeforeInstallPromptEvent | null = null
let updating = false

/** Applies a change; one that changes nothing keeps the same state object and re-renders no reader. */
function set(patch: Partial<PwaState>) {
  const next = { ...state, ...patch }
  if ((Object.keys(next) as (keyof PwaState)[]).every((key) => next[key] === state[key])) return
  state = next
  for (const listener of listeners) listener()
}

// The state starts as the very object a prerendered page was drawn with while it does not differ: a copy,
// though equal, had React render every reader again, synchronously, as soon as it had hydrated the page.
set({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  installed: typeof window !== 'undefined' && window.matchMedia('(display-mode: standalone)').matches,
})

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The app's installability, connection and update state; re-renders when it changes. */
export function usePwa(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => PRERENDERED_STATE,
  )
}

/**
 * Counts the files of the app the service worker keeps on this device, for the offline notice: only while
 * offline, when that notice shows it. Online, listing the cache (a Request object for each of some hundred
 * files) was main-thread work a page did as it started, for nothing.
 */
async function countCached() {
  if (state.online || !('caches' in window)) return
  let n = 0
  for (const name of await caches.keys()) {
    if (name.startsWith(SHELL_CACHE)) n += (await (await caches.open(name)).keys()).length
  }
  set({ cachedFiles: n })
}

function watchForUpdate(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker | null) => {
    // With no controller this is the first install, not an update: nothing to offer.
    if (worker && navigator.serviceWorker.controller) {
      waitingWorker = worker
      set({ updateReady: true })
    }
  }
  offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker)
      if (worker.state === 'activated') void countCached()
    })
  })
  // An app left open for days still learns of a deploy when it comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined)
  })
}

/** Registers the service worker (production builds only) and follows the connection and install prompt. */
export function startPwa() {
  window.addEventListener('online', () => {
    set({ online: true })
  })
  window.addEventListener('offline', () => {
    set({ online: false })
    void countCached()
  })
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault() // offered from /settings/app instead of the browser's own bar
    installEvent = event as BeforeInstallPromptEvent
    set({ installable: true })
  })
  window.addEventListener('appinstalled', () => {
    installEvent = null
    set({ installable: false, installed: true })
  })
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) window.location.reload()
  })
  void countCached()
  // Once the page has loaded: on a first visit the worker's precaching would compete with the page's own
  // scripts for a phone's bandwidth and CPU.
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(watchForUpdate)
      .catch(() => undefined) // no offline support in this browser; the app works as before
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
  // The chunks this page loaded before the worker controlled it (the first visit) are kept too, so the
  // screen opens offline the next time.
  void navigator.serviceWorker.ready.then((registration) => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith('/assets/'))
    registration.active?.postMessage({ type: 'keep', urls })
    void countCached()
  })
}

/** 'Recargar': activates the waiting version; the page reloads when it takes over. */
export function applyUpdate() {
  if (!waitingWorker) return
  updating = true
  waitingWorker.postMessage('skipWaiting')
}

/** Shows the browser's install dialog; true when the person accepted. */
export async function promptInstall(): Promise<boolean> {
  if (!installEvent) return false
  const event = installEvent
  await event.prompt()
  const { outcome } = await event.userChoice
  installEvent = null
  set({ installable: false })
  return outcome === 'accepted'
}
