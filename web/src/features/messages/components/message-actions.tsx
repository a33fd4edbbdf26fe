import { EllipsisVertical, Pencil, Reply, ShieldX, SmilePlus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { DropdownMenu, type DropdownMenuItem } from '@/components/ui/dropdown-menu'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import type { ChatKind, ChatMessage } from '@/lib/message-types'
import { useMessageActions } from '../api/chat'

/** The emojis a message can get (the server's list). */
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const

/** How long after sending one may edit a message (the server's rule). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000

interface MessageActionsProps {
  kind: ChatKind
  chatId: string
  message: ChatMessage
  own: boolean
  /** An admin in the community chat: may remove anyone's message, with a reason. */
  moderator: boolean
  onReply: (message: ChatMessage) => void
  now?: () => number
}

type Open = 'react' | 'edit' | 'delete' | 'moderate' | null

/** A message's menu: reply, react, edit and delete one's own, and an admin's removal. */
export function MessageActions({ kind, chatId, message, own, moderator, onReply, now = Date.now }: MessageActionsProps) {
  const { t } = useTranslation()
  const actions = useMessageActions(kind, chatId)
  const [open, setOpen] = useState<Open>(null)
  const [text, setText] = useState('')
  if (message.deletedAt) return null

  const fail = (err: Error) => {
    toast.error(t('common.error'), { description: err.message })
  }
  const done = () => {
    setOpen(null)
  }
  const editable = own && now() - Date.parse(message.createdAt) <= EDIT_WINDOW_MS
  const items: DropdownMenuItem[] = [
    { label: t('messages.chat.reply'), icon: <Reply aria-hidden />, onSelect: () => { onReply(message) } },
    { label: t('messages.chat.react'), icon: <SmilePlus aria-hidden />, onSelect: () => { setOpen('react') } },
  ]
  if (editable) {
    items.push({
      label: t('messages.chat.edit'),
      icon: <Pencil aria-hidden />,
      onSelect: () => {
        setText(message.content)
        setOpen('edit')
      },
    })
  }
  if (own) {
    items.push({ label: t('messages.chat.delete'), icon: <Trash2 aria-hidden />, destructive: true, onSelect: () => { setOpen('delete') } })
  } else if (moderator) {
    items.push({
      label: t('messages.chat.moderate'),
      icon: <ShieldX aria-hidden />,
      destructive: true,
      onSelect: () => {
        setText('')
        setOpen('moderate')
      },
    })
  }

  return (
    <>
      <DropdownMenu
        items={items}
        align={own ? 'end' : 'start'}
        trigger={(props) => (
          <Button variant="ghost" size="icon" className="size-8 shrink-0 self-center" aria-label={t('messages.chat.actions')} {...props}>
            <EllipsisVertical className="size-4" aria-hidden />
          </Button>
        )}
      />

      <Dialog open={open === 'react'} onOpenChange={(o) => { if (!o) done() }}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('messages.chat.react')}</DialogTitle>
          </DialogHeader>
          <div className="flex justify-between gap-1">
            {REACTIONS.map((emoji) => (
              <Button
                key={emoji}
                variant="ghost"
                className="size-12 text-2xl"
                aria-label={emoji}
                onClick={() => {
                  actions.react.mutate({ messageId: message.id, emoji }, { onError: fail })
                  done()
                }}
              >
                {emoji}
              </Button>
            ))}
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={open === 'edit' || open === 'moderate'} onOpenChange={(o) => { if (!o) done() }}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{open === 'edit' ? t('messages.chat.editTitle') : t('messages.chat.moderateTitle')}</DialogTitle>
          </DialogHeader>
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              if (open === 'edit') {
                actions.edit.mutate({ messageId: message.id, content: text }, { onSuccess: done, onError: fail })
              } else {
                actions.moderate.mutate({ messageId: message.id, reason: text }, { onSuccess: done, onError: fail })
              }
            }}
          >
            <Textarea
              value={text}
              onChange={(e) => {
                setText(e.target.value)
              }}
              aria-label={open === 'edit' ? t('messages.chat.editTitle') : t('messages.chat.reason')}
              placeholder={open === 'moderate' ? t('messages.chat.reason') : undefined}
              rows={3}
              maxLength={open === 'edit' ? 20000 : 500}
            />
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={done}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant={open === 'moderate' ? 'destructive' : 'default'}
                disabled={text.trim() === '' && (open === 'moderate' || (message.attachments ?? []).length === 0)}
              >
                {open === 'edit' ? t('messages.chat.save') : t('messages.chat.moderate')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(o) => { if (!o) done() }}
        title={t('messages.chat.deleteTitle')}
        description={t('messages.chat.deleteDescription')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('messages.chat.delete')}
        pending={actions.remove.isPending}
        onConfirm={() => {
          actions.remove.mutate(message.id, { onSuccess: done, onError: fail })
        }}
      />
    </>
  )
}
