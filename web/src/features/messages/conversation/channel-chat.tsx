import { Hash, SendHorizontal, UserPlus, Users } from 'lucide-react'
import { useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import type { Channel, ChannelMessage } from '@/lib/message-types'
import { useSession } from '@/lib/session'
import { cn } from '@/lib/utils'
import { useChannelMessages } from '../api/list-channel-messages'
import { useSendChannelMessage } from '../api/send-channel-message'
import { AuthorAvatar } from '../components/author-avatar'
import { ChatBody, ChatFrame, ChatHeader, useStickToBottom } from '../components/chat-frame'
import { InviteDialog } from '../components/invite-dialog'
import { useClientId } from '../components/use-send'
import { channelSlug } from '../lib/channel-slug'
import { formatTime, nameOr } from '../lib/format'

interface ChannelChatProps {
  channel: Channel
}

/** A channel's chat: the community chat, or a private channel the user belongs to. */
export function ChannelChat({ channel }: ChannelChatProps) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const messages = useChannelMessages(channel.id)
  const send = useSendChannelMessage(channel.id)
  const clientId = useClientId()
  const [text, setText] = useState('')
  const [inviting, setInviting] = useState(false)
  const community = channel.kind === 'community'
  const listRef = useStickToBottom(messages.data?.length)

  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault()
    // Sent as written (spaces and line breaks included) once it is known not to be blank.
    const content = text
    if (content.trim() === '' || send.isPending) return
    send.mutate(
      { content, clientId: clientId.keyFor(content) },
      {
        onSuccess: () => {
          clientId.sent()
          setText('')
        },
        onError: (err) => {
          console.error('send channel message', err)
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

  const title = community ? t('messages.community.title') : channelSlug(channel.name)
  const subtitle = community
    ? t('messages.community.subtitle')
    : nameOr(channel.description, t('messages.members', { count: channel.memberCount }))

  return (
    <ChatFrame>
      <ChatHeader
        avatar={
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            {community ? <Users className="size-5" aria-hidden /> : <Hash className="size-5" aria-hidden />}
          </span>
        }
        title={title}
        subtitle={subtitle}
        actions={
          community ? undefined : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('messages.channel.invite')}
              onClick={() => {
                setInviting(true)
              }}
            >
              <UserPlus className="size-5" aria-hidden />
            </Button>
          )
        }
      />

      <ChatBody
        messages={messages}
        listRef={listRef}
        loadingText={t('messages.community.loading')}
        emptyTitle={t('messages.community.empty')}
        emptyHint={t('messages.community.emptyHint')}
        renderMessage={(m) => (
          <ChannelBubble key={m.id} message={m} own={m.userId !== null && m.userId === user?.id} language={i18n.language} />
        )}
      />

      <form onSubmit={submit} className="flex shrink-0 items-end gap-2 border-t bg-card px-2 py-2">
        <Textarea
          value={text}
          onChange={(e) => {
            setText(e.target.value)
          }}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={t('messages.conversation.placeholder')}
          aria-label={t('messages.conversation.placeholder')}
          className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-2xl py-2"
        />
        <Button
          type="submit"
          size="icon"
          className="size-10 rounded-full"
          aria-label={t('messages.conversation.send')}
          disabled={text.trim() === '' || send.isPending}
        >
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </form>

      {!community && (
        <InviteDialog channel={channel} open={inviting} onOpenChange={setInviting} />
      )}
    </ChatFrame>
  )
}

function ChannelBubble({ message, own, language }: { message: ChannelMessage; own: boolean; language: string }): ReactNode {
  const { t } = useTranslation()
  const unit = nameOr(message.unitNumber, t('messages.community.unassigned'))
  return (
    <div className={cn('flex items-end gap-2', own && 'flex-row-reverse')} data-testid="channel-message">
      <AuthorAvatar src={message.authorAvatarUrl} name={message.authorName} unitNumber={message.unitNumber} />
      <div
        className={cn(
          'max-w-[78%] rounded-2xl px-3 py-2 shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-card text-card-foreground',
        )}
      >
        <p className={cn('text-xs font-semibold', own ? 'text-primary-foreground/90' : 'text-primary')}>
          {message.authorName} - {t('messages.community.unit', { unit })}
        </p>
        <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
        <p className={cn('mt-0.5 text-right text-[0.7rem]', own ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
          <time dateTime={message.createdAt}>{formatTime(message.createdAt, language)}</time>
        </p>
      </div>
    </div>
  )
}
