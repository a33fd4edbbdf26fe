import type { UseMutationResult } from '@tanstack/react-query'
import { SendHorizontal } from 'lucide-react'
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { cn } from '@/lib/utils'
import { newClientId } from '../lib/format'

/**
 * The idempotency key of the message being written: the same text sent again after a failure reuses
 * the key of the failed attempt (the server answers the stored message if it did arrive), any other
 * text gets a fresh one.
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

export interface SendInput {
  content: string
  clientId: string
}

interface ChatComposerProps {
  /** The chat's send mutation (direct or channel); the composer gives each text its idempotency key. */
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
  /** Buttons before and after the field (attach, emoji). */
  before?: ReactNode
  after?: ReactNode
}

/** The bottom of a chat: the text field and the send button. A failed send keeps the text. */
export function ChatComposer({ send, variant, errorLog, onSent, before, after }: ChatComposerProps) {
  const { t } = useTranslation()
  const clientId = useClientId()
  const [text, setText] = useState('')
  const multiline = variant === 'multiline'

  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault()
    // A channel message goes as written (spaces and line breaks included) once it is known not to be blank.
    const content = multiline ? text : text.trim()
    if (content.trim() === '' || send.isPending) return
    send.mutate(
      { content, clientId: clientId.keyFor(content) },
      {
        onSuccess: () => {
          clientId.sent()
          setText('')
          onSent?.()
        },
        onError: (err) => {
          console.error(errorLog, err)
          toast.error(t('common.error'), { description: t('messages.errors.send') })
        },
      },
    )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line (and so does Enter while an IME is composing).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  const placeholder = t('messages.conversation.placeholder')
  const onChange = (e: { target: { value: string } }) => {
    setText(e.target.value)
  }

  return (
    <form
      onSubmit={submit}
      className={cn(
        'flex shrink-0 border-t bg-card px-2 py-2',
        multiline ? 'items-end gap-2' : 'items-center gap-1',
      )}
    >
      {before}
      {multiline ? (
        <Textarea
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
      {after}
      <Button
        type="submit"
        size="icon"
        className={multiline ? 'size-10 rounded-full' : 'rounded-full'}
        aria-label={t('messages.conversation.send')}
        disabled={text.trim() === '' || send.isPending}
      >
        <SendHorizontal className="size-5" aria-hidden />
      </Button>
    </form>
  )
}
