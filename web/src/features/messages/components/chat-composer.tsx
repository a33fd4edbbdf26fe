import type { UseMutationResult } from '@tanstack/react-query'
import { FileText, Image, Paperclip, SendHorizontal, X } from 'lucide-react'
import { useRef, useState, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { DropdownMenu } from '@/components/ui/dropdown-menu'
import { Input } from '@/components/ui/input'
import { Progress } from '@/components/ui/progress'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import type { Attachment, ChatKind, ChatMessage } from '@/lib/message-types'
import { cn } from '@/lib/utils'
import { cancelAttachment, uploadAttachment } from '../api/chat'
import type { SendInput } from '../api/send-direct-message'
import { newClientId } from '../lib/format'
import { EmojiPicker, insertAt } from './emoji-picker'

/**
 * The idempotency key of the message being written: the same message sent again after a failure reuses
 * the key of the failed attempt (the server answers the stored message if it did arrive), any other
 * gets a fresh one.
 */
export function useClientId() {
  const attempt = useRef<{ content: string; clientId: string } | null>(null)
  return {
    /** The key for sending `content` now. */
    keyFor(content: string): string {
      if (attempt.current?.content !== content) attempt.current = { content, clientId: newClientId() }
      return attempt.current.clientId
    },
    /** The message went through: the next one gets a new key. */
    sent() {
      attempt.current = null
    },
  }
}

export type { SendInput }

/** What the file inputs offer; the server decides from the bytes. */
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif'
const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp'

/** A file being uploaded or uploaded, waiting for the message. */
interface Pending {
  localId: string
  name: string
  progress: number
  controller: AbortController
  attachment?: Attachment
}

interface ChatComposerProps {
  kind: ChatKind
  chatId: string
  /** The chat's send mutation (direct or channel); the composer gives each message its idempotency key. */
  send: UseMutationResult<unknown, Error, SendInput>
  /**
   * `multiline` (channels): a growing text area where Enter sends and Shift+Enter starts a new line; the
   * text goes as written. `line` (direct chats): one line, sent trimmed, locked while it is sent.
   */
  variant: 'multiline' | 'line'
  /** What the console says when sending fails. */
  errorLog: string
  /** After a message went through and the field was cleared. */
  onSent?: () => void
  /** The message being answered, shown above the field until sent or cancelled. */
  replyTo?: ChatMessage | null
  onCancelReply?: () => void
}

/**
 * The bottom of a chat: attachments (uploaded at once, with progress and cancel), the text field with its
 * emoji picker, and the send button. A failed send keeps the text and the files.
 */
export function ChatComposer({ kind, chatId, send, variant, errorLog, onSent, replyTo, onCancelReply }: ChatComposerProps) {
  const { t } = useTranslation()
  const clientId = useClientId()
  const [text, setText] = useState('')
  const [pending, setPending] = useState<Pending[]>([])
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const imageInput = useRef<HTMLInputElement>(null)
  const documentInput = useRef<HTMLInputElement>(null)
  const multiline = variant === 'multiline'
  const uploading = pending.some((p) => !p.attachment)
  const ready = pending.flatMap((p) => (p.attachment ? [p.attachment.id] : []))

  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault()
    // A channel message goes as written (spaces and line breaks included) once it is known not to be blank.
    const content = multiline ? text : text.trim()
    if ((content.trim() === '' && ready.length === 0) || uploading || send.isPending) return
    const input: SendInput = { content, clientId: clientId.keyFor(content + '\u0000' + ready.join(',')) }
    if (replyTo) input.replyTo = replyTo.id
    if (ready.length > 0) input.attachmentIds = ready
    send.mutate(input, {
      onSuccess: () => {
        clientId.sent()
        setText('')
        setPending([])
        onCancelReply?.()
        onSent?.()
      },
      onError: (err) => {
        console.error(errorLog, err)
        toast.error(t('common.error'), { description: t('messages.errors.send') })
      },
    })
  }

  const upload = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const p: Pending = { localId: newClientId(), name: file.name, progress: 0, controller: new AbortController() }
      setPending((list) => [...list, p])
      const update = (patch: Partial<Pending>) => {
        setPending((list) => list.map((x) => (x.localId === p.localId ? { ...x, ...patch } : x)))
      }
      uploadAttachment(kind, chatId, file, (progress) => { update({ progress }) }, p.controller.signal)
        .then((attachment) => { update({ attachment, progress: 1 }) })
        .catch((err: unknown) => {
          setPending((list) => list.filter((x) => x.localId !== p.localId))
          if (err instanceof DOMException && err.name === 'AbortError') return
          toast.error(t('messages.chat.uploadFailed', { name: file.name }), {
            description: err instanceof Error ? err.message : undefined,
          })
        })
    }
  }

  const discard = (p: Pending) => {
    // Cancelled while uploading: the server keeps nothing of a body that did not arrive. Uploaded: deleted.
    p.controller.abort()
    if (p.attachment) void cancelAttachment(p.attachment.id).catch(() => undefined)
    setPending((list) => list.filter((x) => x.localId !== p.localId))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line (and so does Enter while an IME is composing).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  const pickEmoji = (emoji: string) => {
    const el = field.current
    const [next, cursor] = insertAt(text, emoji, el?.selectionStart ?? null, el?.selectionEnd ?? null)
    setText(next)
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(cursor, cursor)
    })
  }

  const placeholder = t('messages.conversation.placeholder')
  const onChange = (e: { target: { value: string } }) => {
    setText(e.target.value)
  }

  return (
    <div className="shrink-0 border-t bg-card">
      {replyTo && (
        <div className="flex items-center gap-2 border-b px-3 py-2 text-xs" data-testid="reply-banner">
          <div className="min-w-0 flex-1 border-l-4 border-primary pl-2">
            <p className="font-semibold">{t('messages.chat.replyingTo', { name: 'senderName' in replyTo ? replyTo.senderName : replyTo.authorName })}</p>
            <p className="truncate text-muted-foreground">{replyTo.content || t('messages.chat.attachment')}</p>
          </div>
          <Button type="button" variant="ghost" size="icon" aria-label={t('messages.chat.cancelReply')} onClick={onCancelReply}>
            <X className="size-4" aria-hidden />
          </Button>
        </div>
      )}
      {pending.length > 0 && (
        <ul className="flex flex-col gap-1 border-b px-3 py-2" aria-label={t('messages.chat.attachments')}>
          {pending.map((p) => (
            <li key={p.localId} className="flex items-center gap-2 text-xs">
              <FileText className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{p.name}</span>
              {!p.attachment && <Progress value={p.progress} label={t('messages.chat.uploading', { name: p.name })} className="w-20" />}
              <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={t('messages.chat.removeFile', { name: p.name })} onClick={() => { discard(p) }}>
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={cn('flex px-2 py-2', multiline ? 'items-end gap-2' : 'items-center gap-1')}>
        <DropdownMenu
          align="start"
          side="top"
          items={[
            { label: t('messages.conversation.image'), icon: <Image aria-hidden />, onSelect: () => { imageInput.current?.click() } },
            { label: t('messages.conversation.document'), icon: <FileText aria-hidden />, onSelect: () => { documentInput.current?.click() } },
          ]}
          trigger={(props) => (
            <Button type="button" variant="ghost" size="icon" aria-label={t('messages.conversation.attach')} {...props}>
              <Paperclip className="size-5" aria-hidden />
            </Button>
          )}
        />
        <input
          ref={imageInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="image-input"
          onChange={(e) => {
            upload(e.target.files)
            e.target.value = ''
          }}
        />
        <input
          ref={documentInput}
          type="file"
          accept={DOCUMENT_ACCEPT}
          multiple
          hidden
          data-testid="document-input"
          onChange={(e) => {
            upload(e.target.files)
            e.target.value = ''
          }}
        />
        {multiline ? (
          <Textarea
            ref={field}
            value={text}
            onChange={onChange}
            onKeyDown={onKeyDown}
            rows={1}
            placeholder={placeholder}
            aria-label={placeholder}
            className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-2xl py-2"
          />
        ) : (
          <Input
            ref={field}
            value={text}
            onChange={onChange}
            placeholder={placeholder}
            aria-label={placeholder}
            disabled={send.isPending}
            autoComplete="off"
            enterKeyHint="send"
            className="h-10 min-w-0 flex-1 rounded-full"
          />
        )}
        <EmojiPicker onPick={pickEmoji} />
        <Button
          type="submit"
          size="icon"
          className={multiline ? 'size-10 rounded-full' : 'rounded-full'}
          aria-label={t('messages.conversation.send')}
          disabled={(text.trim() === '' && ready.length === 0) || uploading || send.isPending}
        >
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </form>
    </div>
  )
}
