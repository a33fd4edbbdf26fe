import type { ComponentProps } from 'react'
import { Toaster as Sonner } from 'sonner'
import { useAppSettings } from '@/lib/app-settings'

export { toast } from 'sonner'

/** Sonner's toaster in the app's theme; mounted once by the app providers. */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  const { theme } = useAppSettings()
  return <Sonner theme={theme} position="top-center" richColors closeButton {...props} />
}
