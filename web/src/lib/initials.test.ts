import { describe, expect, it } from 'vitest'
import { initials } from './initials'

describe('initials', () => {
  it.each([
    ['two words: first letter of each', 'ana garcía', 'AG'],
    ['three words: only the first two count', 'María José Pérez', 'MJ'],
    ['one word: its first two letters', 'Lucía', 'LU'],
    ['one one-letter word: that letter', 'x', 'X'],
    ['a one-letter first word still pairs with the second', 'J Ramírez', 'JR'],
    ['extra whitespace is ignored', '   pedro \t  \n  sánchez  ', 'PS'],
    ['accented letters stay accented', 'Ángel Núñez', 'ÁN'],
    ['decomposed accents are composed first', 'A\u0301ngel Nu\u0301n\u0303ez', 'ÁN'],
    ['empty name: the default name', '', 'US'],
    ['blank name: the default name', '   ', 'US'],
  ])('%s', (_case, name, expected) => {
    expect(initials(name)).toBe(expected)
  })

  it('uses the default name when there is no name at all', () => {
    expect(initials()).toBe('US')
    expect(initials(null)).toBe('US')
  })
})
