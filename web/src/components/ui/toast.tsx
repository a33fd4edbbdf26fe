import type { ComponentProps } from 'react'
import { Toaster as Sonner } from 'sonner'
import { useAppSettings } from '@/lib/app-settings'

export { toast } from 'sonner'

/** Sonner's toaster in the app's theme; mounted once by the app providers. */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  const { theme } = useAppSettings()
  // The app's languages are all written left to right. Without `dir` sonner asks for <html>'s computed
  // style on every render, a forced style recalculation while the first screen mounts.
  return <Sonner theme={theme} dir="ltr" position="top-center" richColors closeButton {...props} />
}
