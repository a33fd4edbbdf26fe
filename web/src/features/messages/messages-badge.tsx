import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useUnreadCount } from './api/get-unread-count'
import { badgeCount } from './lib/format'

/**
 * The Mensajes tab's badge: the user's unread direct messages, '99+' above 99. The realtime stream sets
 * the count on connect and whenever it changes; nothing shows at zero.
 */
export function MessagesBadge() {
  const { t } = useTranslation()
  const { user } = useSession()
  const { data: count = 0 } = useUnreadCount(Boolean(user?.communityId))
  if (count <= 0) return null
  return (
    <span
      data-testid="messages-badge"
      className={
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] ' +
        'leading-none font-bold text-destructive-foreground tabular-nums ring-2 ring-card'
      }
    >
      <span aria-hidden>{badgeCount(count)}</span>
      <span className="sr-only">{t('messages.badgeLabel', { count })}</span>
    </span>
  )
}
