import { useEffect, type ReactNode } from 'react'
import { useApplyAppSettings } from '@/lib/app-settings'
import { switchLanguage } from '@/lib/i18n'

/** What every screen, the landing page included, needs: the language and the device's settings applied. */
export function Providers({ children }: { children: ReactNode }) {
  const { language } = useApplyAppSettings()

  useEffect(() => {
    void switchLanguage(language)
  }, [language])

  return children
}
