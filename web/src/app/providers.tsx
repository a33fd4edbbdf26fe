import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { Toaster } from '@/components/ui/toast'
import { useApplyAppSettings } from '@/lib/app-settings'
import { RealtimeProvider } from '@/lib/realtime-provider'
import { i18n } from '@/lib/i18n'

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Community data changes rarely; live updates will come over SSE and invalidate queries.
      queries: { staleTime: 30_000, retry: 1 },
    },
  })
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  const { language } = useApplyAppSettings()

  useEffect(() => {
    void i18n.changeLanguage(language)
  }, [language])

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RealtimeProvider>{children}</RealtimeProvider>
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>
  )
}
