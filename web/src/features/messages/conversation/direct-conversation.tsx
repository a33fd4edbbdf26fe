import { Check, CheckCheck, EllipsisVertical, FileText, Image, Info, Paperclip, Search, Smile, Trash2, BellOff } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { DropdownMenu } from '@/components/ui/dropdown-menu'
import { toast } from '@/components/ui/toast'
import type { DirectMessage } from '@/lib/message-types'
import { useSession } from '@/lib/session'
import { cn } from '@/lib/utils'
import { useConversation } from '../api/get-conversation'
import { useDirectMessages } from '../api/list-direct-messages'
import { useMarkConversationRead } from '../api/mark-conversation-read'
import { useSendDirectMessage } from '../api/send-direct-message'
import { ChatComposer } from '../components/chat-composer'
import { ChatBody, ChatFrame, ChatHeader, useStickToBottom } from '../components/chat-frame'
import { formatTime, nameOr } from '../lib/format'

/** Success and coming-soon toasts (spec 02 §9). */
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

  const name = nameOr(conversation.data?.other.fullName, t('common.user'))
  const list = messages.data
  // Opening the conversation reads it; so does every message that arrives while it is open.
  const newestUnread = list?.findLast((m) => m.senderId !== me && m.readAt === null)?.id
  const loaded = list !== undefined
  useEffect(() => {
    if (loaded) markRead()
  }, [loaded, newestUnread, markRead])

  const listRef = useStickToBottom(`${String(list?.length)}-${String(send.isPending)}`)

  const soon = (message: string) => {
    toast.info(message, { duration: SHORT_TOAST_MS })
  }

  const menuItems = [
    { label: t('messages.conversation.viewInfo'), icon: <Info aria-hidden /> },
    { label: t('messages.conversation.mute'), icon: <BellOff aria-hidden /> },
    { label: t('messages.conversation.searchInChat'), icon: <Search aria-hidden /> },
    { label: t('messages.conversation.delete'), icon: <Trash2 aria-hidden />, destructive: true },
  ].map((item) => ({
    ...item,
    onSelect: () => {
      soon(t('messages.conversation.comingSoon'))
    },
  }))

  return (
    <ChatFrame>
      <ChatHeader
        avatar={<Avatar src={conversation.data?.other.avatarUrl} name={name} size="md" />}
        title={name}
        actions={
          <DropdownMenu
            items={menuItems}
            trigger={(props) => (
              <Button variant="ghost" size="icon" aria-label={t('messages.conversation.menu')} {...props}>
                <EllipsisVertical className="size-5" aria-hidden />
              </Button>
            )}
          />
        }
      />

      <ChatBody
        messages={messages}
        listRef={listRef}
        loadingText={t('messages.conversation.loading')}
        emptyTitle={t('messages.conversation.empty')}
        emptyHint={t('messages.conversation.emptyHint')}
        renderMessage={(m) => <Bubble key={m.id} message={m} own={m.senderId === me} language={i18n.language} />}
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
        send={send}
        variant="line"
        errorLog="send direct message"
        onSent={() => {
          toast.success(t('messages.sent'), { duration: SHORT_TOAST_MS })
        }}
        before={
          <DropdownMenu
            align="start"
            side="top"
            items={[
              {
                label: t('messages.conversation.image'),
                icon: <Image aria-hidden />,
                onSelect: () => {
                  soon(t('messages.conversation.imageSoon'))
                },
              },
              {
                label: t('messages.conversation.document'),
                icon: <FileText aria-hidden />,
                onSelect: () => {
                  soon(t('messages.conversation.fileSoon'))
                },
              },
            ]}
            trigger={(props) => (
              <Button type="button" variant="ghost" size="icon" aria-label={t('messages.conversation.attach')} {...props}>
                <Paperclip className="size-5" aria-hidden />
              </Button>
            )}
          />
        }
        after={
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('messages.conversation.emoji')}
            onClick={() => {
              soon(t('messages.conversation.emojiSoon'))
            }}
          >
            <Smile className="size-5" aria-hidden />
          </Button>
        }
      />
    </ChatFrame>
  )
}

function Bubble({ message, own, language }: { message: DirectMessage; own: boolean; language: string }) {
  const { t } = useTranslation()
  const read = message.readAt !== null
  return (
    <div className={cn('flex', own ? 'justify-end' : 'justify-start')} data-testid="dm-bubble">
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-card text-card-foreground',
        )}
      >
        <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
        <p
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[0.7rem]',
            own ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.createdAt}>{formatTime(message.createdAt, language)}</time>
          {own &&
            (read ? (
              <CheckCheck className="size-3.5" role="img" aria-label={t('messages.conversation.read')} />
            ) : (
              <Check className="size-3.5" role="img" aria-label={t('messages.conversation.delivered')} />
            ))}
        </p>
      </div>
    </div>
  )
}
