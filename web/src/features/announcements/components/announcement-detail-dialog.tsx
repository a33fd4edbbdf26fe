import { FileText, Maximize2, Pin } from 'lucide-react'
import { useState } from 'react'
import { DetailActions } from '@/components/item-actions'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import type { Announcement } from '../api/list-announcements'
import { authorName } from '../lib/author'
import { PriorityBadge, StatusBadge, TypeBadge } from './announcement-badges'
import { ReactionBar } from './reaction-bar'

interface AnnouncementDetailDialogProps {
  /** The announcement as the board's cache holds it (so reactions and the read counter update live). */
  announcement: Announcement | undefined
  onOpenChange: (open: boolean) => void
  onEdit: (announcement: Announcement) => void
  onDelete: (announcement: Announcement) => void
}

/** An announcement in full: text, creator, dates, audience, 'Leído por N de M usuarios', image, PDF. */
export function AnnouncementDetailDialog({ announcement: a, onOpenChange, onEdit, onDelete }: AnnouncementDetailDialogProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [fullImage, setFullImage] = useState(false)
  const editable = a ? a.canEdit && a.deletedAt === null : false
  const audience = !a
    ? ''
    : a.audience.kind === 'building'
      ? t('announcements.audience.building', { value: a.audience.value ?? '' })
      : t(`announcements.audience.${a.audience.kind}`)

  return (
    <>
      <Dialog
        open={a !== undefined}
        onOpenChange={(open) => {
          if (!open) setFullImage(false)
          onOpenChange(open)
        }}
      >
        <DialogContent className="max-w-lg">
          {a && (
            <>
              <DialogHeader>
                <div className="flex flex-wrap items-center gap-1.5">
                  {a.isPinned && (
                    <Badge variant="outline">
                      <Pin className="size-3 rotate-45" aria-hidden />
                      {t('announcements.pinned')}
                    </Badge>
                  )}
                  <StatusBadge status={a.status} />
                  <TypeBadge type={a.type} />
                  <PriorityBadge priority={a.priority} />
                </div>
                <DialogTitle className="break-words">{a.title}</DialogTitle>
                <DialogDescription className="break-words whitespace-pre-line text-foreground">
                  {a.description}
                </DialogDescription>
              </DialogHeader>
              {a.imageUrl && (
                <button
                  type="button"
                  className="group relative block overflow-hidden rounded-xl border outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => {
                    setFullImage(true)
                  }}
                  aria-label={t('announcements.detail.viewImage')}
                >
                  <img
                    src={a.imageUrl}
                    alt={t('announcements.detail.image', { title: a.title })}
                    className="max-h-64 w-full object-cover"
                  />
                  <span className="absolute right-2 bottom-2 rounded-lg bg-black/60 p-1.5 text-white">
                    <Maximize2 className="size-4" aria-hidden />
                  </span>
                </button>
              )}
              {a.documentUrl && (
                <a
                  href={a.documentUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-2 rounded-xl border p-3 text-sm font-medium text-primary outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <FileText className="size-5 shrink-0" aria-hidden />
                  {t('announcements.detail.document')}
                  <span className="sr-only">{t('common.opensInNewTab')}</span>
                </a>
              )}
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
                <dt className="text-muted-foreground">{t('announcements.fields.createdBy')}</dt>
                <dd className="flex min-w-0 items-center gap-2">
                  <Avatar src={a.author.avatarUrl} name={authorName(a, t)} size="sm" />
                  <span className="truncate">{authorName(a, t)}</span>
                </dd>
                <dt className="text-muted-foreground">{t('announcements.fields.createdAt')}</dt>
                <dd>{dates.dateTime(a.createdAt)}</dd>
                <dt className="text-muted-foreground">{t('announcements.fields.validUntil')}</dt>
                <dd>{a.validUntil ? dates.dateTime(a.validUntil) : t('announcements.noExpiry')}</dd>
                <dt className="text-muted-foreground">{t('announcements.fields.audience')}</dt>
                <dd>{audience}</dd>
                <dt className="text-muted-foreground">{t('announcements.fields.readBy')}</dt>
                <dd data-testid="read-by">{t('announcements.readCounter', { count: a.readCount, total: a.total })}</dd>
              </dl>
              <ReactionBar announcement={a} />
              {editable && (
                <DetailActions section="announcements" item={a} onEdit={onEdit} onDelete={onDelete} />
              )}
            </>
          )}
        </DialogContent>
      </Dialog>
      {a?.imageUrl && (
        <Dialog open={fullImage} onOpenChange={setFullImage}>
          <DialogContent
            className="flex h-dvh w-screen max-w-none items-center justify-center rounded-none border-0 bg-black p-2 text-white sm:max-w-none [&>button]:bg-black/60 [&>button]:text-white"
            aria-describedby={undefined}
          >
            <DialogTitle className="sr-only">{t('announcements.detail.fullImage')}</DialogTitle>
            <img
              src={a.imageUrl}
              alt={t('announcements.detail.image', { title: a.title })}
              className="max-h-full max-w-full object-contain"
            />
          </DialogContent>
        </Dialog>
      )}
    </>
  )
}
