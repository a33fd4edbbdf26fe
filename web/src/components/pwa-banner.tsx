import { RefreshCw, WifiOff } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { applyUpdate, usePwa } from '@/lib/pwa'

/**
 * The app's state in one strip at the bottom of every screen: offline (what is shown was loaded before
 * and may be out of date; what this device keeps for offline use) and a new version waiting to load.
 */
export function PwaBanner() {
  const { t } = useTranslation()
  const { online, updateReady, cachedFiles } = usePwa()
  if (online && !updateReady) return null
  return (
    <div
      className={
        'pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 px-4 ' +
        'bottom-[calc(var(--bottom-nav-height,0px)+0.75rem+env(safe-area-inset-bottom))]'
      }
    >
      {!online && (
        <div
          role="status"
          className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl border bg-card p-3 text-sm shadow-xl"
        >
          <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-medium">{t('pwa.offline.title')}</p>
            <p className="text-muted-foreground">{t('pwa.offline.body')}</p>
            {cachedFiles > 0 && <p className="text-xs text-muted-foreground">{t('pwa.offline.cached', { count: cachedFiles })}</p>}
          </div>
        </div>
      )}
      {updateReady && (
        <div
          role="status"
          className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-2xl border bg-card p-3 shadow-xl"
        >
          <p className="min-w-0 flex-1 text-sm font-medium">{t('pwa.update.available')}</p>
          <Button className="shrink-0" onClick={applyUpdate}>
            <RefreshCw aria-hidden />
            {t('pwa.update.reload')}
          </Button>
        </div>
      )}
    </div>
  )
}
