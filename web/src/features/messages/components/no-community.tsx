import { Building2 } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'

/** Messaging needs a community: without one nothing is loaded (spec 02 §6). */
export function NoCommunity() {
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-3 px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Building2 className="size-7" aria-hidden />
      </span>
      <h1 className="text-xl font-bold">{t('messages.title')}</h1>
      <p className="text-muted-foreground">{t('messages.noCommunity')}</p>
    </main>
  )
}
