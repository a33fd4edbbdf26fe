import { describe, expect, it } from 'vitest'
import { formatList } from './list'

describe('formatList', () => {
  it('joins with the language’s word, commas before the last', () => {
    expect(formatList([], 'y')).toBe('')
    expect(formatList(['Google'], 'y')).toBe('Google')
    expect(formatList(['Google', 'Facebook'], 'y')).toBe('Google y Facebook')
    expect(formatList(['Google', 'Facebook', 'Apple'], 'i')).toBe('Google, Facebook i Apple')
    expect(formatList(['Google', 'Facebook'], 'and')).toBe('Google and Facebook')
  })

  it('writes Spanish ‘e’ before the sound /i/, as Intl.ListFormat does', () => {
    expect(formatList(['Google', 'Instagram'], 'y')).toBe('Google e Instagram')
    expect(formatList(['padres', 'hijos'], 'y')).toBe('padres e hijos')
    expect(formatList(['agua', 'hielo'], 'y')).toBe('agua y hielo')
    for (const items of [['Google', 'Instagram'], ['padres', 'hijos'], ['agua', 'hielo'], ['A', 'B', 'C']]) {
      expect(formatList(items, 'y')).toBe(new Intl.ListFormat('es', { type: 'conjunction' }).format(items))
    }
  })
})
