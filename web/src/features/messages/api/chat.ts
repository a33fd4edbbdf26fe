import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Attachment, ChatKind, ChatMessage } from '@/lib/message-types'
import { mergeById } from '@/lib/merge-by-id'
import { queryKeys } from '@/lib/query-keys'
import { postFile, type UploadProgress } from '@/lib/upload'
import { MESSAGE_PAGE } from './list-direct-messages'

/**
 * The chat's extras (issue #20) for either kind of chat. The direct and channel operations have the same
 * shapes; `path` picks one, typed as the direct one.
 */
function path<P extends string>(kind: ChatKind, direct: P): P {
  return (kind === 'direct' ? direct : direct.replace('/api/v1/conversations/', '/api/v1/channels/')) as P
}

/** The cache of a chat's messages. */
export function messagesKey(kind: ChatKind, id: string): QueryKey {
  return kind === 'direct' ? queryKeys.messages.directMessages(id) : queryKeys.messages.channelMessages(id)
}

/** Edits, deletes, reacts to, or (admins, community chat) removes a message; the stream brings the change. */
export function useMessageActions(kind: ChatKind, chatId: string) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagesKey(kind, chatId) })
  const params = (messageId: string) => ({ params: { path: { id: chatId, messageId } } })
  return {
    edit: useMutation({
      mutationFn: ({ messageId, content }: { messageId: string; content: string }) =>
        unwrap(api.PATCH(path(kind, '/api/v1/conversations/{id}/messages/{messageId}'), { ...params(messageId), body: { content } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (messageId: string) =>
        unwrap(api.DELETE(path(kind, '/api/v1/conversations/{id}/messages/{messageId}'), params(messageId))),
      onSuccess: refresh,
    }),
    react: useMutation({
      mutationFn: ({ messageId, emoji }: { messageId: string; emoji: string }) =>
        unwrap(
          api.PUT(path(kind, '/api/v1/conversations/{id}/messages/{messageId}/reaction'), {
            ...params(messageId),
            body: { emoji: emoji as '👍' },
          }),
        ),
      onSuccess: refresh,
    }),
    moderate: useMutation({
      mutationFn: ({ messageId, reason }: { messageId: string; reason: string }) =>
        unwrap(api.POST('/api/v1/channels/{id}/messages/{messageId}/removal', { ...params(messageId), body: { reason } })),
      onSuccess: refresh,
    }),
  }
}

export type MuteDuration = '8h' | '1w' | 'always' | 'off'

/** Mutes a chat for the caller; the chat and the lists show it. */
export function useMuteChat(kind: ChatKind, chatId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (duration: MuteDuration) =>
      unwrap(api.PUT(path(kind, '/api/v1/conversations/{id}/mute'), { params: { path: { id: chatId } }, body: { duration } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
  })
}

/** 'Eliminar conversación' (direct) or leaving a private channel. */
export function useDropChat(kind: ChatKind, chatId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      kind === 'direct'
        ? unwrap(api.DELETE('/api/v1/conversations/{id}', { params: { path: { id: chatId } } }))
        : unwrap(api.POST('/api/v1/channels/{id}/leave', { params: { path: { id: chatId } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: messagesKey(kind, chatId) })
      return queryClient.invalidateQueries({ queryKey: queryKeys.messages.all })
    },
  })
}

/** The messages of a chat that hold `q`, accents and case aside, newest first. */
export async function searchChat(kind: ChatKind, chatId: string, q: string) {
  return (await unwrap(api.GET(path(kind, '/api/v1/conversations/{id}/search'), { params: { path: { id: chatId }, query: { q } } }))) ?? []
}

/**
 * Older pages of a chat: `loadOlder` fetches the page before the oldest message shown and adds it to the
 * cache; `more` turns false once the first message is reached.
 */
export function useOlderMessages(kind: ChatKind, chatId: string) {
  const queryClient = useQueryClient()
  const [more, setMore] = useState(true)
  const loadOlder = useCallback(async (): Promise<boolean> => {
    const key = messagesKey(kind, chatId)
    const list = queryClient.getQueryData<ChatMessage[]>(key)
    const oldest = list?.[0]?.id
    if (!oldest) return false
    const page = ((await unwrap(
      api.GET(path(kind, '/api/v1/conversations/{id}/messages'), {
        params: { path: { id: chatId }, query: { before: oldest, limit: MESSAGE_PAGE } },
      }),
    )) ?? []) as ChatMessage[]
    queryClient.setQueryData<ChatMessage[]>(key, (old) => mergeById(old, page))
    const rest = page.length === MESSAGE_PAGE
    setMore(rest)
    return page.length > 0
  }, [kind, chatId, queryClient])
  return { more, loadOlder }
}

/** Uploads a file to a chat (pending until a message carries it), reporting progress; abort to cancel. */
export async function uploadAttachment(
  kind: ChatKind,
  chatId: string,
  file: File,
  onProgress: UploadProgress,
  signal: AbortSignal,
): Promise<Attachment> {
  const base = kind === 'direct' ? 'conversations' : 'channels'
  const url = `/api/v1/${base}/${encodeURIComponent(chatId)}/attachments?name=${encodeURIComponent(file.name)}`
  return (await postFile(url, file, onProgress, signal)) as Attachment
}

/** Discards an upload no message carries yet (its files go too). */
export function cancelAttachment(id: string) {
  return unwrap(api.DELETE('/api/v1/attachments/{id}', { params: { path: { id } } }))
}
