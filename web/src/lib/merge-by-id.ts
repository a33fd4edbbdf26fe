interface Message {
  id: string
  createdAt: string
  /** Drawn anew at every change of the message (edit, deletion, reaction): the newest wins. */
  rev?: string
}

/**
 * Adds `incoming` messages to a list kept oldest first, dropping those already there unless the incoming
 * copy is a newer revision (an edit, a deletion, a reaction), which replaces the old one (the stream may
 * replay a few after a reconnect, and a sent message also comes back over it). Answers `list` itself
 * when nothing changed, and undefined when there is no list yet: a conversation nobody has open is
 * fetched whole when it is opened, never started from a single live message.
 */
export function mergeById<M extends Message>(list: M[] | undefined, incoming: M[]): M[] | undefined {
  if (!list) return undefined
  const index = new Map(list.map((m, i) => [m.id, i]))
  let next: M[] | null = null
  const fresh: M[] = []
  for (const m of incoming) {
    const i = index.get(m.id)
    if (i === undefined) {
      index.set(m.id, list.length + fresh.length)
      fresh.push(m)
      continue
    }
    const current = (next ?? list)[i] ?? fresh[i - list.length]
    if (current && (m.rev ?? '') > (current.rev ?? '')) {
      if (i < list.length) {
        next ??= [...list]
        next[i] = m
      } else {
        fresh[i - list.length] = m
      }
    }
  }
  if (!next && fresh.length === 0) return list
  return [...(next ?? list), ...fresh].sort(byTime)
}

function byTime(a: Message, b: Message): number {
  const at = Date.parse(a.createdAt)
  const bt = Date.parse(b.createdAt)
  if (at !== bt) return at - bt
  // UUIDv7 ids sort by time too: a stable order for messages of the same millisecond.
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
