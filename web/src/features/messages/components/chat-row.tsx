import { BellOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { useTranslation } from '@/lib/i18n'
import { badgeCount } from '../lib/format'

export type ChatType = 'admin' | 'group' | 'private'

interface ChatRowProps {
  to: string
  avatar: ReactNode
  name: string
  type: ChatType
  unread: number
  time: string | null
  timeIso: string | null
  preview: string
  /** The user silenced it ('Silenciar notificaciones'). */
  muted?: boolean
}

/** One row of the chat list: avatar or channel icon, name, unread count, type, time and last message. */
export function ChatRow({ to, avatar, name, type, unread, time, timeIso, preview, muted = false }: ChatRowProps) {
  const { t } = useTranslation()
  return (
    <li>
      <Link
        to={to}
        className={
          'flex items-center gap-3 rounded-2xl px-3 py-3 outline-none transition-colors hover:bg-muted ' +
          'focus-visible:ring-2 focus-visible:ring-ring'
        }
      >
        <span aria-hidden className="flex">
          {avatar}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-semibold">{name}</span>
            {muted && <BellOff className="size-3.5 shrink-0 text-muted-foreground" role="img" aria-label={t('messages.chat.mutedAlways')} />}
            {time && timeIso && (
              <time dateTime={timeIso} className="shrink-0 text-xs text-muted-foreground">
                {time}
              </time>
            )}
          </div>
          <div className="mt-0.5 flex items-center gap-2">
            <span className={unread > 0 ? 'min-w-0 flex-1 truncate text-sm font-medium' : 'min-w-0 flex-1 truncate text-sm text-muted-foreground'}>
              {preview}
            </span>
            <Badge variant={type === 'admin' ? 'blue' : type === 'group' ? 'green' : 'secondary'} className="px-2 text-[0.65rem]">
              {t(`messages.type.${type}`)}
            </Badge>
            {unread > 0 && (
              <Badge variant="destructive" className="min-w-5 justify-center px-1.5 tabular-nums">
                <span aria-hidden>{badgeCount(unread)}</span>
                <span className="sr-only">{t('messages.unread', { count: unread })}</span>
              </Badge>
            )}
          </div>
        </div>
      </Link>
    </li>
  )
}
