import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { dayKey, formatDay } from '../lib/format'

/**
 * A chat screen between the app's fixed header and bottom bar: its own header, the messages (the only
 * part that scrolls) and the composer.
 */
export function ChatFrame({ children }: { children: ReactNode }) {
  return (
    <main
      className={
        'mx-auto flex h-[calc(100dvh-7.5rem-env(safe-area-inset-top)-env(safe-area-inset-bottom))] w-full ' +
        'max-w-lg flex-col overflow-hidden'
      }
    >
      {children}
    </main>
  )
}

interface ChatHeaderProps {
  avatar: ReactNode
  title: string
  subtitle?: string
  actions?: ReactNode
}

/** Back to /messages, who or what the chat is, and its actions. */
export function ChatHeader({ avatar, title, subtitle, actions }: ChatHeaderProps) {
  const { t } = useTranslation()
  return (
    <header className="flex shrink-0 items-center gap-2 border-b bg-card px-2 py-2">
      <Link
        to="/messages"
        aria-label={t('messages.back')}
        className={
          'inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-foreground outline-none ' +
          'hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring'
        }
      >
        <ArrowLeft className="size-5" aria-hidden />
      </Link>
      {avatar}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base leading-tight font-semibold">{title}</h1>
        {subtitle && <p className="truncate text-xs text-muted-foreground">{subtitle}</p>}
      </div>
      {actions}
    </header>
  )
}

interface MessageListProps {
  listRef: RefObject<HTMLDivElement | null>
  children: ReactNode
  className?: string
}

/** The scrolling list of messages; announces new ones politely to screen readers. */
export function MessageList({ listRef, children, className }: MessageListProps) {
  return (
    <div
      ref={listRef}
      role="log"
      aria-live="polite"
      className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overscroll-contain px-3 py-4', className)}
    >
      {children}
    </div>
  )
}

/** Keeps the list scrolled to the newest message whenever `trigger` changes (a message came or went). */
export function useStickToBottom(trigger: unknown) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (el) el.scrollTop = el.scrollHeight
  }, [trigger])
  return ref
}

/** The date above the first message of each day, in the long format of the app's language. */
export function DaySeparator({ iso, language }: { iso: string; language: string }) {
  return (
    <div className="my-2 flex justify-center" role="separator" aria-label={formatDay(iso, language)}>
      <span className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
        {formatDay(iso, language)}
      </span>
    </div>
  )
}

/** Interleaves day separators: `render` draws each message, a separator goes before each new day. */
export function withDaySeparators<M extends { id: string; createdAt: string }>(
  messages: readonly M[],
  language: string,
  render: (message: M) => ReactNode,
): ReactNode[] {
  const out: ReactNode[] = []
  let lastDay = ''
  for (const message of messages) {
    const day = dayKey(message.createdAt)
    if (day !== lastDay) {
      out.push(<DaySeparator key={`day-${day}`} iso={message.createdAt} language={language} />)
      lastDay = day
    }
    out.push(render(message))
  }
  return out
}

/** A chat that could not be loaded: what failed, and a button to try again. */
export function ChatLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <ChatState>
      <p className="text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ChatState>
  )
}

/** Loading, error and empty states in the middle of the chat. */
export function ChatState({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center text-muted-foreground">
      {busy && <Spinner className="size-6" />}
      {children}
    </div>
  )
}

interface ChatBodyProps<M extends { id: string; createdAt: string }> {
  messages: { isPending: boolean; isError: boolean; data?: readonly M[]; refetch: () => unknown }
  listRef: RefObject<HTMLDivElement | null>
  loadingText: string
  emptyTitle: string
  emptyHint: string
  /** Draws one message; day separators go between them. */
  renderMessage: (message: M) => ReactNode
  /** A message on its way, drawn after the others (and so the chat is not empty while it is sent). */
  outgoing?: ReactNode
  /** Drawn above the messages (loading older ones). */
  top?: ReactNode
}

/** The middle of a chat: loading, error with retry, empty, or the messages by day. */
export function ChatBody<M extends { id: string; createdAt: string }>({
  messages,
  listRef,
  loadingText,
  emptyTitle,
  emptyHint,
  renderMessage,
  outgoing,
  top,
}: ChatBodyProps<M>) {
  const { t, i18n } = useTranslation()
  if (messages.isPending) {
    return (
      <ChatState busy>
        <p>{loadingText}</p>
      </ChatState>
    )
  }
  if (messages.isError || !messages.data) {
    return <ChatLoadError message={t('messages.errors.loadMessages')} onRetry={() => void messages.refetch()} />
  }
  if (messages.data.length === 0 && !outgoing) {
    return (
      <ChatState>
        <p className="font-medium text-foreground">{emptyTitle}</p>
        <p className="text-sm">{emptyHint}</p>
      </ChatState>
    )
  }
  return (
    <MessageList listRef={listRef}>
      {top}
      {withDaySeparators(messages.data, i18n.language, renderMessage)}
      {outgoing}
    </MessageList>
  )
}
