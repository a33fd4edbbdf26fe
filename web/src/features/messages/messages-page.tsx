import { Hash, LoaderCircle, Lock, MessageCirclePlus, ShieldCheck, Users } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toast } from '@/components/ui/toast'
import { SearchInput } from '@/components/search-input'
import { useTranslation, type TFunction } from '@/lib/i18n'
import type { Channel, Conversation } from '@/lib/message-types'
import { useSession } from '@/lib/session'
import { useChannels } from './api/list-channels'
import { useConversations } from './api/list-conversations'
import { useNeighbours } from './api/list-members'
import { useStartConversation } from './api/start-conversation'
import { ChatRow } from './components/chat-row'
import { CreateChannelDialog } from './components/create-channel-dialog'
import { NewConversationDialog } from './components/new-conversation-dialog'
import { NoCommunity } from './components/no-community'
import { channelSlug } from './lib/channel-slug'
import { formatListTime, matchesName } from './lib/format'

type Tab = 'chats' | 'channels'

/** /messages: the user's chats (direct conversations and private channels) and the channels. */
export function MessagesPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const [tab, setTab] = useState<Tab>('chats')
  const [query, setQuery] = useState('')
  const [newChatOpen, setNewChatOpen] = useState(false)
  const [createChannelOpen, setCreateChannelOpen] = useState(false)

  if (!hasCommunity) return <NoCommunity />

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 pt-5 pb-6">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{t('messages.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('messages.subtitle')}</p>
        </div>
        <Button
          size="sm"
          className="h-10"
          onClick={() => {
            setNewChatOpen(true)
          }}
        >
          <MessageCirclePlus aria-hidden />
          {t('messages.newMessage')}
        </Button>
      </header>

      <SearchInput value={query} onValueChange={setQuery} label={t('messages.searchLabel')} placeholder={t('messages.search')} />

      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value === 'channels' ? 'channels' : 'chats')
        }}
      >
        <TabsList aria-label={t('messages.title')}>
          <TabsTrigger value="chats">{t('messages.tabs.chats')}</TabsTrigger>
          <TabsTrigger value="channels">{t('messages.tabs.channels')}</TabsTrigger>
        </TabsList>
        <TabsContent value="chats" className="flex flex-col gap-4">
          <QuickActions
            onCreateChannel={() => {
              setCreateChannelOpen(true)
            }}
          />
          <ChatsList
            query={query}
            onStart={() => {
              setNewChatOpen(true)
            }}
          />
        </TabsContent>
        <TabsContent value="channels" className="flex flex-col gap-4">
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              setCreateChannelOpen(true)
            }}
          >
            <Lock aria-hidden />
            {t('messages.createPrivateChannel')}
          </Button>
          <ChannelsList query={query} />
        </TabsContent>
      </Tabs>

      <NewConversationDialog open={newChatOpen} onOpenChange={setNewChatOpen} />
      <CreateChannelDialog open={createChannelOpen} onOpenChange={setCreateChannelOpen} />
    </main>
  )
}

/** 'Chat Comunitario', 'Contactar Admin' and 'Crear Canal Privado'. */
function QuickActions({ onCreateChannel }: { onCreateChannel: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const neighbours = useNeighbours(user?.id)
  const start = useStartConversation()

  const contactAdmin = () => {
    const admin = neighbours.data?.find((m) => m.role === 'admin')
    if (!admin) {
      toast.error(t('common.error'), { description: t('messages.errors.noAdmin') })
      return
    }
    start.mutate(admin.id, {
      onSuccess: (id) => void navigate(`/conversation/${id}`),
      onError: (err) => {
        console.error('contact admin', err)
        toast.error(t('common.error'), { description: t('messages.errors.start') })
      },
    })
  }

  const quick =
    'h-auto min-h-11 flex-col gap-1 px-2 py-2 text-xs whitespace-normal [&_svg]:size-5 sm:flex-row sm:text-sm'
  return (
    <div className="grid grid-cols-3 gap-2">
      <Button asChild variant="outline" className={quick}>
        <Link to="/community-channel">
          <Users aria-hidden />
          {t('messages.communityChat')}
        </Link>
      </Button>
      <Button
        variant="outline"
        className={quick}
        disabled={start.isPending || neighbours.isPending}
        onClick={contactAdmin}
      >
        {start.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
        {t('messages.contactAdmin')}
      </Button>
      <Button variant="outline" className={quick} onClick={onCreateChannel}>
        <Lock aria-hidden />
        {t('messages.createPrivateChannel')}
      </Button>
    </div>
  )
}

interface ListItem {
  key: string
  name: string
  /** When the chat last moved: its last message, or its creation. */
  at: string
  row: ReactNode
}

/** Direct conversations and private channels, the most recently active first. */
function ChatsList({ query, onStart }: { query: string; onStart: () => void }) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const conversations = useConversations()
  const channels = useChannels()
  const neighbours = useNeighbours(user?.id)

  if (conversations.isPending || channels.isPending) return <ListLoading>{t('messages.loadingConversations')}</ListLoading>
  if (conversations.isError) {
    return (
      <ListMessage>
        <p className="text-destructive">{t('messages.errors.loadConversations')}</p>
        <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
          {t('common.retry')}
        </Button>
      </ListMessage>
    )
  }

  const admins = new Set(neighbours.data?.filter((m) => m.role === 'admin').map((m) => m.id))
  const items: ListItem[] = [
    ...conversations.data.map((c) => conversationItem(c, user?.id, admins, t, i18n.language)),
    ...(channels.data ?? []).filter((c) => c.kind === 'private').map((c) => channelItem(c, t, i18n.language)),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))

  if (items.length === 0) {
    return (
      <ListMessage>
        <p className="font-medium text-foreground">{t('messages.noConversations')}</p>
        <Button onClick={onStart}>{t('messages.startConversation')}</Button>
      </ListMessage>
    )
  }
  const shown = items.filter((item) => matchesName(item.name, query))
  if (shown.length === 0) return <ListMessage>{t('messages.noChannelsFound')}</ListMessage>
  return <ul className="-mx-2 flex flex-col">{shown.map((item) => item.row)}</ul>
}

/** The community chat and the private channels the user belongs to. */
function ChannelsList({ query }: { query: string }) {
  const { t, i18n } = useTranslation()
  const channels = useChannels()

  if (channels.isPending) return <ListLoading>{t('common.loading')}</ListLoading>
  if (channels.isError) {
    return (
      <ListMessage>
        <p className="text-destructive">{t('messages.errors.loadChannels')}</p>
        <Button variant="outline" size="sm" onClick={() => void channels.refetch()}>
          {t('common.retry')}
        </Button>
      </ListMessage>
    )
  }
  const shown = channels.data
    .map((c) => channelItem(c, t, i18n.language))
    .filter((item) => matchesName(item.name, query))
  if (shown.length === 0) return <ListMessage>{t('messages.noChannelsFound')}</ListMessage>
  return <ul className="-mx-2 flex flex-col">{shown.map((item) => item.row)}</ul>
}

type T = TFunction

/** A last message as a list row shows it: 'Mensaje eliminado', 'Archivo adjunto' or its text. */
function previewText(m: { content: string; deletedAt: string | null }, t: T): string {
  if (m.deletedAt) return t('messages.chat.deleted')
  return m.content === '' ? t('messages.chat.attachment') : m.content
}

function conversationItem(c: Conversation, me: string | undefined, admins: Set<string>, t: T, language: string): ListItem {
  const name = c.other.fullName.trim() || t('common.user')
  const last = c.lastMessage
  const at = c.lastMessageAt ?? last?.createdAt ?? c.createdAt
  const text = last ? previewText(last, t) : ''
  const preview = last ? (last.senderId === me ? `${t('messages.you')}: ${text}` : text) : t('messages.noMessagesYet')
  const timeIso = last ? at : null
  return {
    key: c.id,
    name,
    at,
    row: (
      <ChatRow
        key={`c-${c.id}`}
        to={`/conversation/${c.id}`}
        avatar={<Avatar src={c.other.avatarUrl} name={name} size="md" />}
        name={name}
        type={c.other.id !== null && admins.has(c.other.id) ? 'admin' : 'private'}
        unread={c.unread}
        time={timeIso ? formatListTime(timeIso, language, t('messages.yesterday')) : null}
        timeIso={timeIso}
        preview={preview}
        muted={c.mutedUntil !== null}
      />
    ),
  }
}

function channelItem(c: Channel, t: T, language: string): ListItem {
  const community = c.kind === 'community'
  const name = community ? t('messages.communityChat') : channelSlug(c.name)
  const last = c.lastMessage
  const at = last?.createdAt ?? c.createdAt
  return {
    key: c.id,
    name,
    at,
    row: (
      <ChatRow
        key={`ch-${c.id}`}
        to={community ? '/community-channel' : `/conversation/${c.id}`}
        avatar={
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            {community ? <Users className="size-5" aria-hidden /> : <Hash className="size-5" aria-hidden />}
          </span>
        }
        name={name}
        type="group"
        unread={0}
        time={last ? formatListTime(last.createdAt, language, t('messages.yesterday')) : null}
        timeIso={last?.createdAt ?? null}
        preview={last ? `${last.authorName}: ${previewText(last, t)}` : t('messages.members', { count: c.memberCount })}
        muted={c.mutedUntil !== null}
      />
    ),
  }
}

function ListLoading({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
      <Spinner className="size-5" />
      {children}
    </p>
  )
}

function ListMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
      {children}
    </div>
  )
}
