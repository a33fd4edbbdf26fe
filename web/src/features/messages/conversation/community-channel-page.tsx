import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useCommunityChannel } from '../api/get-community-channel'
import { ChatFrame, ChatHeader, ChatLoadError, ChatState } from '../components/chat-frame'
import { NoCommunity } from '../components/no-community'
import { ChannelChat } from './channel-chat'

/** /community-channel and /community: the community's 'Chat Comunitario'. */
export function CommunityChannelPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const channel = useCommunityChannel(hasCommunity)

  if (!hasCommunity) return <NoCommunity />
  if (channel.data) return <ChannelChat channel={channel.data} />
  return (
    <ChatFrame>
      <ChatHeader avatar={null} title={t('messages.community.title')} subtitle={t('messages.community.subtitle')} />
      {channel.isError ? (
        <ChatLoadError message={t('messages.errors.loadCommunityChat')} onRetry={() => void channel.refetch()} />
      ) : (
        <ChatState busy>
          <p>{t('messages.community.loading')}</p>
        </ChatState>
      )}
    </ChatFrame>
  )
}
