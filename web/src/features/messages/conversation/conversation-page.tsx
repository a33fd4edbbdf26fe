import { useParams } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useChannels } from '../api/list-channels'
import { ChatFrame, ChatHeader, ChatState } from '../components/chat-frame'
import { NoCommunity } from '../components/no-community'
import { ChannelChat } from './channel-chat'
import { DirectConversation } from './direct-conversation'

/**
 * /conversation/{chatId}: a chat of the list. Its id is a direct conversation's or a channel's (a
 * private channel, or the community chat); the channels the user belongs to tell which.
 */
export function ConversationPage() {
  const { t } = useTranslation()
  const { chatId = '' } = useParams()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const channels = useChannels(hasCommunity)

  if (!hasCommunity) return <NoCommunity />
  if (channels.isPending) {
    return (
      <ChatFrame>
        <ChatHeader avatar={null} title={t('common.user')} />
        <ChatState busy>
          <p>{t('messages.conversation.loading')}</p>
        </ChatState>
      </ChatFrame>
    )
  }
  const channel = channels.data?.find((c) => c.id === chatId)
  if (channel) return <ChannelChat key={channel.id} channel={channel} />
  return <DirectConversation key={chatId} conversationId={chatId} />
}
