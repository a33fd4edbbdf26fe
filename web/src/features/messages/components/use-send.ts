import { useRef } from 'react'
import { newClientId } from '../lib/format'

/**
 * The idempotency key of the message being written: the same text sent again after a failure reuses
 * the key of the failed attempt (the server answers the stored message if it did arrive), any other
 * text gets a fresh one.
 */
export function useClientId() {
  const attempt = useRef<{ content: string; clientId: string } | null>(null)
  return {
    /** The key for sending `content` now. */
    keyFor(content: string): string {
      if (attempt.current?.content !== content) attempt.current = { content, clientId: newClientId() }
      return attempt.current.clientId
    },
    /** The message went through: the next one gets a new key. */
    sent() {
      attempt.current = null
    },
  }
}
