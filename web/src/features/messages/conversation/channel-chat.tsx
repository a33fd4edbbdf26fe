import { Hash, UserPlus, Users } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import type { Channel, ChannelMessage } from '@/lib/message-types'
import { useSession } from '@/lib/session'
import { cn } from '@/lib/utils'
import { useChannelMessages } from '../api/list-channel-messages'
import { useSendChannelMessage } from '../api/send-channel-message'
import { AuthorAvatar } from '../components/author-avatar'
import { ChatComposer } from '../components/chat-composer'
import { ChatBody, ChatFrame, ChatHeader, useStickToBottom } from '../components/chat-frame'
import { InviteDialog } from '../components/invite-dialog'
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
  const [inviting, setInviting] = useState(false)
  const community = channel.kind === 'community'
  const listRef = useStickToBottom(messages.data?.length)

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

      <ChatComposer send={send} variant="multiline" errorLog="send channel message" />

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
