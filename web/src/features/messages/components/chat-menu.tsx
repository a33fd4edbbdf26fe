import { useQuery } from '@tanstack/react-query'
import { BellOff, ChevronDown, ChevronUp, EllipsisVertical, Info, LogOut, Mail, Phone, Search, Trash2, X } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { DropdownMenu, type DropdownMenuItem } from '@/components/ui/dropdown-menu'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import type { ChatKind } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'
import { searchChat, useDropChat, useMuteChat, type MuteDuration } from '../api/chat'
import { formatDay } from '../lib/format'

/** 'Siempre' is stored as the year 9999. */
function isForever(iso: string): boolean {
  return new Date(iso).getUTCFullYear() >= 9999
}

/** 'Silenciada hasta …' or 'Silenciada' under a chat's title; nothing when it is not muted. */
export function useMutedLabel(mutedUntil: string | null | undefined): string | undefined {
  const { t, i18n } = useTranslation()
  if (!mutedUntil) return undefined
  if (isForever(mutedUntil)) return t('messages.chat.mutedAlways')
  const at = new Date(mutedUntil)
  return t('messages.chat.mutedUntil', {
    when: `${formatDay(mutedUntil, i18n.language)} ${at.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}`,
  })
}

interface ChatMenuProps {
  kind: ChatKind
  chatId: string
  mutedUntil: string | null | undefined
  onSearch: () => void
  /** What 'Ver información' shows. */
  info: ReactNode
  infoTitle: string
  /** 'Eliminar conversación' (direct) or 'Salir del canal' (private channel); none in the community chat. */
  drop?: { label: string; title: string; description: string }
}

/** The chat's menu: 'Ver información', 'Silenciar notificaciones', 'Buscar en chat', 'Eliminar conversación'. */
export function ChatMenu({ kind, chatId, mutedUntil, onSearch, info, infoTitle, drop }: ChatMenuProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [open, setOpen] = useState<'info' | 'mute' | 'drop' | null>(null)
  const mute = useMuteChat(kind, chatId)
  const dropChat = useDropChat(kind, chatId)
  const close = () => {
    setOpen(null)
  }
  const items: DropdownMenuItem[] = [
    { label: t('messages.conversation.viewInfo'), icon: <Info aria-hidden />, onSelect: () => { setOpen('info') } },
    { label: t('messages.conversation.mute'), icon: <BellOff aria-hidden />, onSelect: () => { setOpen('mute') } },
    { label: t('messages.conversation.searchInChat'), icon: <Search aria-hidden />, onSelect: onSearch },
  ]
  if (drop) {
    items.push({
      label: drop.label,
      icon: kind === 'direct' ? <Trash2 aria-hidden /> : <LogOut aria-hidden />,
      destructive: true,
      onSelect: () => { setOpen('drop') },
    })
  }
  const choose = (duration: MuteDuration) => {
    mute.mutate(duration, {
      onSuccess: () => {
        close()
        toast.success(duration === 'off' ? t('messages.chat.unmuted') : t('messages.chat.muted'), { duration: 2000 })
      },
      onError: (err) => toast.error(t('common.error'), { description: err.message }),
    })
  }

  return (
    <>
      <DropdownMenu
        items={items}
        trigger={(props) => (
          <Button variant="ghost" size="icon" aria-label={t('messages.conversation.menu')} {...props}>
            <EllipsisVertical className="size-5" aria-hidden />
          </Button>
        )}
      />
      <Dialog open={open === 'info'} onOpenChange={(o) => { if (!o) close() }}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{infoTitle}</DialogTitle>
          </DialogHeader>
          {info}
        </DialogContent>
      </Dialog>
      <Dialog open={open === 'mute'} onOpenChange={(o) => { if (!o) close() }}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('messages.conversation.mute')}</DialogTitle>
            <DialogDescription>{t('messages.chat.muteHint')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            {(['8h', '1w', 'always'] as const).map((d) => (
              <Button key={d} variant="outline" disabled={mute.isPending} onClick={() => { choose(d) }}>
                {t(`messages.chat.mute_${d}`)}
              </Button>
            ))}
            {mutedUntil && (
              <Button variant="ghost" disabled={mute.isPending} onClick={() => { choose('off') }}>
                {t('messages.chat.unmute')}
              </Button>
            )}
          </div>
        </DialogContent>
      </Dialog>
      {drop && (
        <ConfirmDialog
          open={open === 'drop'}
          onOpenChange={(o) => { if (!o) close() }}
          title={drop.title}
          description={drop.description}
          cancelLabel={t('common.cancel')}
          confirmLabel={drop.label}
          pending={dropChat.isPending}
          onConfirm={() => {
            dropChat.mutate(undefined, {
              onSuccess: () => {
                close()
                void navigate('/messages')
              },
              onError: (err) => toast.error(t('common.error'), { description: err.message }),
            })
          }}
        />
      )}
    </>
  )
}

/** A neighbour's card in a direct conversation: their units and the contact data the directory shows. */
export function PersonInfo({ userId, name, avatarUrl }: { userId: string | null | undefined; name: string; avatarUrl: string | null | undefined }) {
  const { t } = useTranslation()
  const person = useQuery({
    queryKey: queryKeys.messages.person(userId ?? ''),
    queryFn: async () => {
      const dir = await unwrap(api.GET('/api/v1/directory', { params: { query: { q: name } } }))
      return (dir.residents ?? []).find((r) => r.id === userId) ?? null
    },
    enabled: !!userId,
  })
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <Avatar src={avatarUrl} name={name} size="lg" />
      <p className="text-lg font-semibold">{name}</p>
      {person.isPending && userId ? (
        <Spinner className="size-5" />
      ) : person.data ? (
        <>
          {(person.data.units ?? []).length > 0 && (
            <p className="text-sm text-muted-foreground">{t('messages.chat.units', { units: (person.data.units ?? []).map((u) => u.label).join(', ') })}</p>
          )}
          {person.data.phone && (
            <a className="flex items-center gap-2 text-sm text-primary underline" href={`tel:${person.data.phone}`}>
              <Phone className="size-4" aria-hidden />
              {person.data.phone}
            </a>
          )}
          {person.data.email && (
            <a className="flex items-center gap-2 text-sm text-primary underline" href={`mailto:${person.data.email}`}>
              <Mail className="size-4" aria-hidden />
              {person.data.email}
            </a>
          )}
          {!person.data.phone && !person.data.email && <p className="text-sm text-muted-foreground">{t('messages.chat.noContact')}</p>}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('messages.chat.noContact')}</p>
      )}
    </div>
  )
}

interface ChatSearchProps {
  kind: ChatKind
  chatId: string
  onJump: (messageId: string) => Promise<void>
  onClose: () => void
}

/** 'Buscar en chat': finds messages, accents and case aside, and jumps from hit to hit (newest first). */
export function ChatSearch({ kind, chatId, onJump, onClose }: ChatSearchProps) {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const [hits, setHits] = useState<string[] | null>(null)
  const [at, setAt] = useState(0)
  const [busy, setBusy] = useState(false)
  const go = async (list: string[], i: number) => {
    setAt(i)
    const id = list[i]
    if (id) await onJump(id)
  }
  const submit = async () => {
    if (q.trim() === '') return
    setBusy(true)
    try {
      const found = (await searchChat(kind, chatId, q)).map((h) => h.id)
      setHits(found)
      await go(found, 0)
    } catch (err) {
      toast.error(t('common.error'), { description: err instanceof Error ? err.message : undefined })
    } finally {
      setBusy(false)
    }
  }
  const count = hits?.length ?? 0
  return (
    <form
      role="search"
      className="flex shrink-0 items-center gap-1 border-b bg-card px-2 py-1"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Input
        autoFocus
        value={q}
        onChange={(e) => {
          setQ(e.target.value)
          setHits(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose()
        }}
        aria-label={t('messages.conversation.searchInChat')}
        placeholder={t('messages.chat.searchPlaceholder')}
        className="h-9 min-w-0 flex-1"
        maxLength={100}
      />
      {busy && <Spinner className="size-4" />}
      {hits && (
        <span className="shrink-0 px-1 text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {count === 0 ? t('messages.chat.noHits') : t('messages.chat.hitOf', { at: at + 1, count })}
        </span>
      )}
      <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={t('messages.chat.olderHit')}
        disabled={!hits || at + 1 >= count} onClick={() => void go(hits ?? [], at + 1)}>
        <ChevronUp className="size-4" aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={t('messages.chat.newerHit')}
        disabled={!hits || at === 0} onClick={() => void go(hits ?? [], at - 1)}>
        <ChevronDown className="size-4" aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={t('messages.chat.closeSearch')} onClick={onClose}>
        <X className="size-4" aria-hidden />
      </Button>
    </form>
  )
}
