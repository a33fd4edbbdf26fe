import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { ChatKind, ChatMessage } from '@/lib/message-types'
import { messagesKey, useOlderMessages } from '../api/chat'

/** The DOM id of a message's row, to scroll to it. */
export const messageDomId = (id: string) => `msg-${id}`

/** What a chat screen keeps besides its messages: the reply being written, the search and its jumps. */
export function useChatView(kind: ChatKind, chatId: string) {
  const queryClient = useQueryClient()
  const { more, loadOlder } = useOlderMessages(kind, chatId)
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null)
  const [searching, setSearching] = useState(false)
  const [highlight, setHighlight] = useState<string | null>(null)

  /** Scrolls to a message, loading older pages until it is there. */
  const jumpTo = useCallback(
    async (id: string) => {
      const has = () => (queryClient.getQueryData<ChatMessage[]>(messagesKey(kind, chatId)) ?? []).some((m) => m.id === id)
      while (!has()) {
        if (!(await loadOlder())) break
      }
      setHighlight(id)
      // Let React draw the page just added before scrolling to the row.
      for (let i = 0; i < 20 && !document.getElementById(messageDomId(id)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      document.getElementById(messageDomId(id))?.scrollIntoView({ block: 'center' })
    },
    [queryClient, kind, chatId, loadOlder],
  )

  return { more, loadOlder, replyTo, setReplyTo, searching, setSearching, highlight, jumpTo }
}
