import { Check, CheckCheck } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { Avatar } from '@/components/ui/avatar'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import type { DirectMessage } from '@/lib/message-types'
import { useSession } from '@/lib/session'
import { cn } from '@/lib/utils'
import { useMessageActions } from '../api/chat'
import { useConversation } from '../api/get-conversation'
import { useDirectMessages } from '../api/list-direct-messages'
import { useMarkConversationRead } from '../api/mark-conversation-read'
import { useSendDirectMessage } from '../api/send-direct-message'
import { ChatComposer } from '../components/chat-composer'
import { ChatBody, ChatFrame, ChatHeader, useStickToBottom } from '../components/chat-frame'
import { ChatMenu, ChatSearch, PersonInfo, useMutedLabel } from '../components/chat-menu'
import { MessageActions } from '../components/message-actions'
import { AttachmentList, MessageText, QuoteBlock, ReactionBar } from '../components/message-parts'
import { LoadOlder } from '../components/load-older'
import { messageDomId, useChatView } from '../components/use-chat-view'
import { formatTime, nameOr } from '../lib/format'

/** Success toasts (spec 02 §9). */
const SHORT_TOAST_MS = 2000

/** A direct conversation with one neighbour (/conversation/{chatId}). */
export function DirectConversation({ conversationId }: { conversationId: string }) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const me = user?.id
  const conversation = useConversation(conversationId)
  const messages = useDirectMessages(conversationId)
  const { mutate: markRead } = useMarkConversationRead(conversationId, me)
  const send = useSendDirectMessage(conversationId)
  const view = useChatView('direct', conversationId)
  const { react } = useMessageActions('direct', conversationId)
  const mutedLabel = useMutedLabel(conversation.data?.mutedUntil)

  const name = nameOr(conversation.data?.other.fullName, t('common.user'))
  const list = messages.data
  // Opening the conversation reads it; so does every message that arrives while it is open.
  const newestUnread = list?.findLast((m) => m.senderId !== me && m.readAt === null)?.id
  const loaded = list !== undefined
  useEffect(() => {
    if (loaded) markRead()
  }, [loaded, newestUnread, markRead])

  // The newest message, not the count: loading older pages must not scroll to the bottom.
  const listRef = useStickToBottom(`${String(list?.at(-1)?.id)}-${String(send.isPending)}`)

  return (
    <ChatFrame>
      <ChatHeader
        avatar={<Avatar src={conversation.data?.other.avatarUrl} name={name} size="md" />}
        title={name}
        subtitle={mutedLabel}
        actions={
          <ChatMenu
            kind="direct"
            chatId={conversationId}
            mutedUntil={conversation.data?.mutedUntil}
            onSearch={() => {
              view.setSearching(true)
            }}
            infoTitle={t('messages.conversation.viewInfo')}
            info={<PersonInfo userId={conversation.data?.other.id} name={name} avatarUrl={conversation.data?.other.avatarUrl} />}
            drop={{
              label: t('messages.conversation.delete'),
              title: t('messages.chat.deleteConversationTitle'),
              description: t('messages.chat.deleteConversationDescription'),
            }}
          />
        }
      />
      {view.searching && (
        <ChatSearch
          kind="direct"
          chatId={conversationId}
          onJump={view.jumpTo}
          onClose={() => {
            view.setSearching(false)
          }}
        />
      )}

      <ChatBody
        messages={messages}
        listRef={listRef}
        loadingText={t('messages.conversation.loading')}
        emptyTitle={t('messages.conversation.empty')}
        emptyHint={t('messages.conversation.emptyHint')}
        top={<LoadOlder list={list} more={view.more} loadOlder={view.loadOlder} />}
        renderMessage={(m) => (
          <Bubble
            key={m.id}
            message={m}
            own={m.senderId === me}
            me={me}
            language={i18n.language}
            highlighted={view.highlight === m.id}
            onJump={(id) => void view.jumpTo(id)}
            onReact={(emoji) => {
              react.mutate({ messageId: m.id, emoji })
            }}
            actions={
              <MessageActions kind="direct" chatId={conversationId} message={m} own={m.senderId === me} moderator={false} onReply={view.setReplyTo} />
            }
          />
        )}
        outgoing={
          send.isPending && (
            <div className="flex justify-end">
              <div className="max-w-[80%] rounded-2xl rounded-br-md bg-primary/70 px-3 py-2 text-primary-foreground">
                <p className="text-sm break-words whitespace-pre-wrap">{send.variables.content}</p>
                <p className="mt-0.5 text-right text-[0.7rem] opacity-80">{t('messages.conversation.sending')}</p>
              </div>
            </div>
          )
        }
      />

      <ChatComposer
        kind="direct"
        chatId={conversationId}
        send={send}
        variant="line"
        errorLog="send direct message"
        replyTo={view.replyTo}
        onCancelReply={() => {
          view.setReplyTo(null)
        }}
        onSent={() => {
          toast.success(t('messages.sent'), { duration: SHORT_TOAST_MS })
        }}
      />
    </ChatFrame>
  )
}

interface BubbleProps {
  message: DirectMessage
  own: boolean
  me: string | undefined
  language: string
  highlighted: boolean
  onJump: (id: string) => void
  onReact: (emoji: string) => void
  actions: ReactNode
}

function Bubble({ message, own, me, language, highlighted, onJump, onReact, actions }: BubbleProps) {
  const { t } = useTranslation()
  const read = message.readAt !== null
  return (
    <div id={messageDomId(message.id)} className={cn('flex items-start gap-1', own ? 'flex-row-reverse' : 'flex-row')} data-testid="dm-bubble">
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-card text-card-foreground',
          highlighted && 'ring-2 ring-amber-400',
        )}
      >
        {message.replyTo && !message.deletedAt && <QuoteBlock quote={message.replyTo} own={own} onJump={onJump} />}
        {!message.deletedAt && <AttachmentList attachments={message.attachments ?? []} own={own} />}
        <MessageText message={message} />
        <p
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[0.7rem]',
            own ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          {message.editedAt && !message.deletedAt && <span>{t('messages.chat.edited')}</span>}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt, language)}</time>
          {own &&
            (read ? (
              <CheckCheck className="size-3.5" role="img" aria-label={t('messages.conversation.read')} />
            ) : (
              <Check className="size-3.5" role="img" aria-label={t('messages.conversation.delivered')} />
            ))}
        </p>
        <ReactionBar message={message} me={me} onToggle={onReact} />
      </div>
      {actions}
    </div>
  )
}
