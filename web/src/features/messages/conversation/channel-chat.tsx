import { Hash, UserPlus, Users } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import type { Channel, ChannelMessage } from '@/lib/message-types'
import { useSession } from '@/lib/session'
import { cn } from '@/lib/utils'
import { useMessageActions } from '../api/chat'
import { useChannelMessages } from '../api/list-channel-messages'
import { useSendChannelMessage } from '../api/send-channel-message'
import { AuthorAvatar } from '../components/author-avatar'
import { ChatComposer } from '../components/chat-composer'
import { ChatBody, ChatFrame, ChatHeader, useStickToBottom } from '../components/chat-frame'
import { ChannelMembers } from '../components/channel-members'
import { ChatMenu, ChatSearch, useMutedLabel } from '../components/chat-menu'
import { InviteDialog } from '../components/invite-dialog'
import { LoadOlder } from '../components/load-older'
import { MessageActions } from '../components/message-actions'
import { AttachmentList, MessageText, QuoteBlock, ReactionBar } from '../components/message-parts'
import { messageDomId, useChatView } from '../components/use-chat-view'
import { channelSlug } from '../lib/channel-slug'
import { formatTime, nameOr } from '../lib/format'

interface ChannelChatProps {
  channel: Channel
}

/** A channel's chat: the community chat, or a private channel the user belongs to. */
export function ChannelChat({ channel }: ChannelChatProps) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const me = user?.id
  const messages = useChannelMessages(channel.id)
  const send = useSendChannelMessage(channel.id)
  const view = useChatView('channel', channel.id)
  const { react } = useMessageActions('channel', channel.id)
  const [inviting, setInviting] = useState(false)
  const community = channel.kind === 'community'
  const moderator = community && user?.role === 'admin'
  const listRef = useStickToBottom(messages.data?.at(-1)?.id)
  const mutedLabel = useMutedLabel(channel.mutedUntil)

  const title = community ? t('messages.community.title') : channelSlug(channel.name)
  const subtitle =
    mutedLabel ??
    (community ? t('messages.community.subtitle') : nameOr(channel.description, t('messages.members', { count: channel.memberCount })))

  const info = (
    <div className="grid gap-2 text-sm">
      <p className="font-semibold">{title}</p>
      {channel.description && <p className="text-muted-foreground">{channel.description}</p>}
      {!community && (
        <Button
          variant="outline"
          onClick={() => {
            setInviting(true)
          }}
        >
          <UserPlus className="size-4" aria-hidden />
          {t('messages.channel.invite')}
        </Button>
      )}
      <ChannelMembers channelId={channel.id} />
    </div>
  )

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
          <>
            {!community && (
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
            )}
            <ChatMenu
              kind="channel"
              chatId={channel.id}
              mutedUntil={channel.mutedUntil}
              onSearch={() => {
                view.setSearching(true)
              }}
              infoTitle={t('messages.conversation.viewInfo')}
              info={info}
              drop={
                community
                  ? undefined
                  : {
                      label: t('messages.chat.leave'),
                      title: t('messages.chat.leaveTitle'),
                      description: t('messages.chat.leaveDescription'),
                    }
              }
            />
          </>
        }
      />
      {view.searching && (
        <ChatSearch
          kind="channel"
          chatId={channel.id}
          onJump={view.jumpTo}
          onClose={() => {
            view.setSearching(false)
          }}
        />
      )}

      <ChatBody
        messages={messages}
        listRef={listRef}
        loadingText={t('messages.community.loading')}
        emptyTitle={t('messages.community.empty')}
        emptyHint={t('messages.community.emptyHint')}
        top={<LoadOlder list={messages.data} more={view.more} loadOlder={view.loadOlder} />}
        renderMessage={(m) => {
          const own = m.userId !== null && m.userId === me
          return (
            <ChannelBubble
              key={m.id}
              message={m}
              own={own}
              me={me}
              language={i18n.language}
              highlighted={view.highlight === m.id}
              onJump={(id) => void view.jumpTo(id)}
              onReact={(emoji) => {
                react.mutate({ messageId: m.id, emoji })
              }}
              actions={<MessageActions kind="channel" chatId={channel.id} message={m} own={own} moderator={moderator} onReply={view.setReplyTo} />}
            />
          )
        }}
      />

      <ChatComposer
        kind="channel"
        chatId={channel.id}
        send={send}
        variant="multiline"
        errorLog="send channel message"
        replyTo={view.replyTo}
        onCancelReply={() => {
          view.setReplyTo(null)
        }}
      />

      {!community && <InviteDialog channel={channel} open={inviting} onOpenChange={setInviting} />}
    </ChatFrame>
  )
}

interface ChannelBubbleProps {
  message: ChannelMessage
  own: boolean
  me: string | undefined
  language: string
  highlighted: boolean
  onJump: (id: string) => void
  onReact: (emoji: string) => void
  actions: ReactNode
}

function ChannelBubble({ message, own, me, language, highlighted, onJump, onReact, actions }: ChannelBubbleProps) {
  const { t } = useTranslation()
  const unit = nameOr(message.unitNumber, t('messages.community.unassigned'))
  return (
    <div id={messageDomId(message.id)} className={cn('flex items-end gap-2', own && 'flex-row-reverse')} data-testid="channel-message">
      <AuthorAvatar src={message.authorAvatarUrl} name={message.authorName} unitNumber={message.unitNumber} />
      <div
        className={cn(
          'max-w-[70%] rounded-2xl px-3 py-2 shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-card text-card-foreground',
          highlighted && 'ring-2 ring-amber-400',
        )}
      >
        <p className={cn('text-xs font-semibold', own ? 'text-primary-foreground/90' : 'text-primary')}>
          {message.authorName} - {t('messages.community.unit', { unit })}
        </p>
        {message.replyTo && !message.deletedAt && <QuoteBlock quote={message.replyTo} own={own} onJump={onJump} />}
        {!message.deletedAt && <AttachmentList attachments={message.attachments ?? []} own={own} />}
        <MessageText message={message} />
        <p className={cn('mt-0.5 flex justify-end gap-1 text-[0.7rem]', own ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
          {message.editedAt && !message.deletedAt && <span>{t('messages.chat.edited')}</span>}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt, language)}</time>
        </p>
        <ReactionBar message={message} me={me} onToggle={onReact} />
      </div>
      {actions}
    </div>
  )
}
