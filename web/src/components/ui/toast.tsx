import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from 'react'
import { useAppSettings } from '@/lib/app-settings'

// Sonner loads with the first toast, not with the app shell: its code, and the stylesheet it adds to the
// page as it is evaluated, were part of every screen's start, for messages most page views never show
// (ADR 0029). Sonner keeps a toast made before its <Toaster> mounted and shows it once that subscribes.
type Sonner = typeof import('sonner')
let sonner: Promise<Sonner> | undefined
let loaded = false
const loadListeners = new Set<() => void>()

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner')
    // The toaster mounts once sonner is here, never in the middle of whatever asked for the first toast.
    void sonner.then(() => {
      loaded = true
      for (const listener of loadListeners) listener()
    })
  }
  return sonner
}

let lastId = 0

function show(kind: 'success' | 'error' | 'info') {
  // Returns the toast's id at once, as sonner's own `toast` does, though sonner may not be here yet.
  return (...[message, data]: Parameters<Sonner['toast']['success']>): string | number => {
    const id = data?.id ?? `toast-${String(++lastId)}`
    void loadSonner().then(({ toast }) => toast[kind](message, { ...data, id }))
    return id
  }
}

/** Sonner's `toast` (success, error, info), loading sonner on first use. */
export const toast = { success: show('success'), error: show('error'), info: show('info') }

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })))

function subscribe(listener: () => void) {
  loadListeners.add(listener)
  return () => loadListeners.delete(listener)
}

/** Sonner's toaster in the app's theme, from the first toast on; mounted once by the app shell. */
export function Toaster(props: ComponentProps<Sonner['Toaster']>) {
  const { theme } = useAppSettings()
  const shown = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  )
  if (!shown) return null
  // The app's languages are all written left to right. Without `dir` sonner asks for <html>'s computed
  // style on every render, a forced style recalculation while the first screen mounts.
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} dir="ltr" position="top-center" richColors closeButton {...props} />
    </Suspense>
  )
}
