import { Eye, Pin } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { Announcement } from '../api/list-announcements'
import { authorName } from '../lib/author'
import { relativeTime } from '../lib/relative-time'
import { PriorityBadge, StatusBadge, TypeBadge } from './announcement-badges'
import { ReactionBar } from './reaction-bar'

interface AnnouncementCardProps {
  announcement: Announcement
  onOpen: () => void
}

/** One announcement on the board; tapping it opens the detail. Unread ones are highlighted. */
export function AnnouncementCard({ announcement: a, onOpen }: AnnouncementCardProps) {
  const { t, i18n } = useTranslation()
  const unread = !a.isRead
  const critical = a.priority === 'critico'
  return (
    <article
      aria-labelledby={`announcement-${a.id}`}
      data-unread={unread || undefined}
      className={cn(
        'relative flex flex-col gap-2 rounded-2xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted/40',
        unread && 'border-primary/60 bg-accent/40 ring-1 ring-primary/30',
        critical && 'border-l-4 border-l-red-500',
        a.deletedAt !== null && 'opacity-70',
      )}
    >
      <div className="flex items-start gap-2">
        {a.isPinned && (
          <Pin className="mt-1 size-4 shrink-0 rotate-45 text-primary" role="img" aria-label={t('announcements.pinned')} />
        )}
        <h2 id={`announcement-${a.id}`} className="min-w-0 flex-1 text-base leading-snug font-semibold break-words">
          {/* The title's button covers the whole card (after:inset-0); the reactions sit above it. */}
          <button
            type="button"
            onClick={onOpen}
            className="rounded text-left outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:ring-2 focus-visible:ring-ring"
          >
            {a.title}
          </button>
        </h2>
        <StatusBadge status={a.status} />
      </div>
      {a.description && <p className="line-clamp-2 text-sm break-words text-muted-foreground">{a.description}</p>}
      <div className="flex flex-wrap items-center gap-1.5">
        {unread && (
          <Badge variant="default">
            <span className="size-1.5 rounded-full bg-primary-foreground" aria-hidden />
            {t('announcements.unread')}
          </Badge>
        )}
        <TypeBadge type={a.type} />
        <PriorityBadge priority={a.priority} />
      </div>
      <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
        <span className="truncate">{t('announcements.by', { name: authorName(a, t) })}</span>
        <span aria-hidden>·</span>
        <time dateTime={a.createdAt}>{relativeTime(a.createdAt, i18n.language)}</time>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ReactionBar announcement={a} className="relative z-10" />
        <p className="flex items-center gap-1 text-xs text-muted-foreground tabular-nums">
          <Eye className="size-4" aria-hidden />
          <span aria-hidden>
            {a.readCount}/{a.total}
          </span>
          <span className="sr-only">{t('announcements.readCounter', { count: a.readCount, total: a.total })}</span>
        </p>
      </div>
    </article>
  )
}
