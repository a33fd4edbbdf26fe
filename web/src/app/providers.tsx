import { useEffect, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { useApplyAppSettings } from '@/lib/app-settings'
import { i18n, switchLanguage } from '@/lib/i18n'

/** What every screen, the landing page included, needs: the language and the device's settings applied. */
export function Providers({ children }: { children: ReactNode }) {
  const { language } = useApplyAppSettings()

  useEffect(() => {
    void switchLanguage(language)
  }, [language])

  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
}
