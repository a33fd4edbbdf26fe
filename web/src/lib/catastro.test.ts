import { describe, expect, it } from 'vitest'
import { hasCatastralFormat, isValidCatastralReference, normalizeCatastralReference } from './catastro'

describe('cadastral references', () => {
  it('normalizes spaces and case', () => {
    expect(normalizeCatastralReference(' 9872023 vh5797s 0001 wx ')).toBe('9872023VH5797S0001WX')
  })

  it('wants exactly 20 upper-case letters and digits', () => {
    expect(hasCatastralFormat('9872023VH5797S0001WX')).toBe(true)
    expect(hasCatastralFormat('9872023VH5797S0001W')).toBe(false)
    expect(hasCatastralFormat('9872023vh5797s0001wx')).toBe(false)
    expect(hasCatastralFormat('9872023-H5797S0001WX')).toBe(false)
  })

  it('checks the two control letters', () => {
    // A real reference (the Catastro's own example); changing a digit breaks its control letters.
    expect(isValidCatastralReference('9872023VH5797S0001WX')).toBe(true)
    expect(isValidCatastralReference('9872024VH5797S0001WX')).toBe(false)
  })
})
