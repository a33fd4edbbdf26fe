interface Message {
  id: string
  createdAt: string
}

/**
 * Adds `incoming` messages to a list kept oldest first, dropping those already there (the stream may
 * replay a few after a reconnect, and a sent message also comes back over it). Answers `list` itself
 * when nothing is new, and undefined when there is no list yet: a conversation nobody has open is
 * fetched whole when it is opened, never started from a single live message.
 */
export function mergeById<M extends Message>(list: M[] | undefined, incoming: M[]): M[] | undefined {
  if (!list) return undefined
  const known = new Set(list.map((m) => m.id))
  const fresh = incoming.filter((m) => {
    if (known.has(m.id)) return false
    known.add(m.id)
    return true
  })
  if (fresh.length === 0) return list
  return [...list, ...fresh].sort(byTime)
}

function byTime(a: Message, b: Message): number {
  const at = Date.parse(a.createdAt)
  const bt = Date.parse(b.createdAt)
  if (at !== bt) return at - bt
  // UUIDv7 ids sort by time too: a stable order for messages of the same millisecond.
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
