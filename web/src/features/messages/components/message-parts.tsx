import { Download, FileText } from 'lucide-react'
import { useState } from 'react'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'
import type { Attachment, ChatMessage, Quote } from '@/lib/message-types'
import { cn } from '@/lib/utils'

/** 1.2 MB, 340 KB: a file's size as people read it. */
export function formatSize(bytes: number, language: string): string {
  const nf = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(n)
  if (bytes >= 1024 * 1024) return `${nf(bytes / (1024 * 1024))} MB`
  return `${nf(Math.max(bytes / 1024, 0.1))} KB`
}

/** The answered message above a reply. */
export function QuoteBlock({ quote, own, onJump }: { quote: Quote; own: boolean; onJump?: (id: string) => void }) {
  const { t } = useTranslation()
  const text = quote.deleted ? t('messages.chat.deleted') : quote.content || (quote.hasFiles ? t('messages.chat.attachment') : '')
  return (
    <button
      type="button"
      onClick={() => onJump?.(quote.id)}
      className={cn(
        'mb-1 block w-full rounded-lg border-l-4 px-2 py-1 text-left text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring',
        own ? 'border-primary-foreground/60 bg-primary-foreground/15' : 'border-primary bg-muted',
      )}
      aria-label={t('messages.chat.quoteOf', { name: quote.authorName })}
    >
      <span className="block font-semibold">{quote.authorName}</span>
      <span className={cn('line-clamp-2 break-words', quote.deleted && 'italic')}>{text}</span>
    </button>
  )
}

/** A message's files: pictures as thumbnails that open full screen, documents with name, size and download. */
export function AttachmentList({ attachments, own }: { attachments: readonly Attachment[]; own: boolean }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState<Attachment | null>(null)
  if (attachments.length === 0) return null
  return (
    <div className="mb-1 flex flex-col gap-1">
      {attachments.map((a) =>
        a.kind === 'image' && a.thumbnailUrl ? (
          <button
            key={a.id}
            type="button"
            className="overflow-hidden rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => {
              setOpen(a)
            }}
            aria-label={t('messages.chat.openImage', { name: a.name })}
          >
            <img
              src={a.thumbnailUrl}
              alt={a.name}
              width={a.width ?? undefined}
              height={a.height ?? undefined}
              className="max-h-64 w-full object-cover"
              loading="lazy"
            />
          </button>
        ) : (
          <div
            key={a.id}
            className={cn('flex items-center gap-2 rounded-lg p-2', own ? 'bg-primary-foreground/15' : 'bg-muted')}
            data-testid="chat-document"
          >
            <FileText className="size-6 shrink-0" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{a.name}</p>
              <p className="text-xs opacity-80">{formatSize(a.size, i18n.language)}</p>
            </div>
            <a
              href={`${a.url}?download=1`}
              download={a.name}
              className="inline-flex size-9 items-center justify-center rounded-lg outline-none hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={t('messages.chat.download', { name: a.name })}
            >
              <Download className="size-4" aria-hidden />
            </a>
          </div>
        ),
      )}
      <Dialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null)
        }}
      >
        <DialogContent className="flex h-[100dvh] w-screen max-w-none items-center justify-center rounded-none border-0 bg-black/95 p-2 text-white">
          <DialogTitle className="sr-only">{open?.name}</DialogTitle>
          {open && <img src={open.url} alt={open.name} className="max-h-full max-w-full object-contain" />}
        </DialogContent>
      </Dialog>
    </div>
  )
}

/** The text of a message, or 'Mensaje eliminado' in its place. */
export function MessageText({ message }: { message: ChatMessage }) {
  const { t } = useTranslation()
  if (message.deletedAt) return <p className="text-sm italic opacity-80">{t('messages.chat.deleted')}</p>
  if (message.content === '') return null
  return <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
}

/** The reactions under a message; each is a toggle of one's own. */
export function ReactionBar({
  message,
  me,
  onToggle,
}: {
  message: ChatMessage
  me: string | undefined
  onToggle: (emoji: string) => void
}) {
  const { t } = useTranslation()
  const reactions = message.reactions ?? []
  if (reactions.length === 0 || message.deletedAt) return null
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {reactions.map((r) => {
        const users = r.userIds ?? []
        const mine = me !== undefined && users.includes(me)
        return (
          <button
            key={r.emoji}
            type="button"
            aria-pressed={mine}
            aria-label={t('messages.chat.reactionCount', { emoji: r.emoji, count: users.length })}
            onClick={() => {
              onToggle(r.emoji)
            }}
            className={cn(
              'flex items-center gap-1 rounded-full border bg-card px-2 py-0.5 text-xs text-card-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
              mine && 'border-primary bg-primary/10',
            )}
          >
            <span aria-hidden>{r.emoji}</span>
            <span aria-hidden className="tabular-nums">
              {users.length}
            </span>
          </button>
        )
      })}
    </div>
  )
}
