import { describe, expect, it } from 'vitest'
import { mergeById } from './merge-by-id'

const m = (id: string, createdAt: string) => ({ id, createdAt })

describe('mergeById', () => {
  it('appends new messages in time order and drops those already there', () => {
    const list = [m('a', '2026-03-03T10:00:00Z'), m('c', '2026-03-03T10:02:00Z')]
    expect(mergeById(list, [m('c', '2026-03-03T10:02:00Z'), m('b', '2026-03-03T10:01:00Z')])?.map((x) => x.id)).toEqual([
      'a',
      'b',
      'c',
    ])
  })

  it('answers the same list when nothing is new, and nothing when there is no list', () => {
    const list = [m('a', '2026-03-03T10:00:00Z')]
    expect(mergeById(list, [m('a', '2026-03-03T10:00:00Z')])).toBe(list)
    expect(mergeById(undefined, [m('a', '2026-03-03T10:00:00Z')])).toBeUndefined()
  })
})
