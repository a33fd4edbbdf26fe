import { Bell, Heart, ThumbsDown, ThumbsUp, type LucideIcon } from 'lucide-react'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { Announcement, ReactionEmoji } from '../api/list-announcements'
import { useReactToAnnouncement } from '../api/react-to-announcement'
import { REACTIONS } from '../lib/labels'

const ICONS: Record<ReactionEmoji, LucideIcon> = { thumbs_up: ThumbsUp, thumbs_down: ThumbsDown, heart: Heart, bell: Bell }

/** The four reaction buttons with their counts; the caller's own reaction is pressed (aria-pressed). */
export function ReactionBar({ announcement, className }: { announcement: Announcement; className?: string }) {
  const { t } = useTranslation()
  const react = useReactToAnnouncement()
  const busy = react.isPending && react.variables.id === announcement.id

  const click = (emoji: ReactionEmoji) => {
    if (busy) return
    react.mutate(
      { id: announcement.id, emoji },
      {
        onError: () => {
          toast.error(t('common.error'), { description: t('announcements.toasts.reactionError') })
        },
      },
    )
  }

  return (
    <div role="group" aria-label={t('announcements.reactions.label')} aria-busy={busy} className={cn('flex flex-wrap gap-1.5', className)}>
      {REACTIONS.map((emoji) => {
        const Icon = ICONS[emoji]
        const mine = announcement.myReaction === emoji
        const count = announcement.reactions[emoji]
        return (
          <button
            key={emoji}
            type="button"
            aria-pressed={mine}
            aria-label={`${t(`announcements.reactions.${emoji}`)}: ${count}`}
            title={t(`announcements.reactions.${emoji}`)}
            onClick={() => {
              click(emoji)
            }}
            className={cn(
              'inline-flex h-9 min-w-12 items-center justify-center gap-1 rounded-full border px-2.5 text-sm font-medium ' +
                'tabular-nums transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              mine
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-card text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            <Icon className={cn('size-4', mine && emoji === 'heart' && 'fill-current')} aria-hidden />
            {count}
          </button>
        )
      })}
    </div>
  )
}
