import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time'

const now = new Date('2025-03-05T12:00:00Z')
const fiveMinutesAgo = new Date('2025-03-05T11:55:00Z')

describe('relativeTime', () => {
  it('says how long ago in the app language', () => {
    expect(relativeTime(fiveMinutesAgo, 'es', now)).toBe('hace 5 minutos')
    expect(relativeTime(fiveMinutesAgo.toISOString(), 'ca', now)).toBe('fa 5 minuts')
    expect(relativeTime(fiveMinutesAgo, 'en', now)).toBe('5 minutes ago')
  })

  it('falls back to Spanish', () => {
    expect(relativeTime('2025-03-03T12:00:00Z', undefined, now)).toBe('hace 2 días')
  })
})
