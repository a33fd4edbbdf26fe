import { Inbox } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useAppInfo } from '@/lib/app-info'
import { useTranslation } from '@/lib/i18n'

/**
 * Development only: the server's mailbox page, where confirmation and reset emails land when no SMTP
 * server is configured. A plain link (a full page load), since /dev/* is served by the Go server, not the SPA.
 */
export function DevMailboxLink() {
  const { t } = useTranslation()
  const { data: appInfo } = useAppInfo()
  if (!appInfo?.dev) return null
  return (
    <Button asChild variant="ghost" className="w-full text-muted-foreground">
      <a href="/dev/mailbox" target="_blank" rel="noopener noreferrer">
        <Inbox aria-hidden />
        {t('auth.devMailbox')}
        <span className="sr-only">{t('common.opensInNewTab')}</span>
      </a>
    </Button>
  )
}
