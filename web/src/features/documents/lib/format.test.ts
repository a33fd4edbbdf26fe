import { describe, expect, it } from 'vitest'
import { formatSize, localDay, titleOf } from './format'

describe('formatSize', () => {
  it('reads bytes, KB and MB, with the language’s decimal comma', () => {
    expect(formatSize(512, 'es')).toBe('512 B')
    expect(formatSize(820 * 1024, 'es')).toBe('820 KB')
    expect(formatSize(2.45 * 1024 * 1024, 'es')).toBe('2,5 MB')
    expect(formatSize(2.45 * 1024 * 1024, 'en')).toBe('2.5 MB')
  })
})

describe('localDay', () => {
  it('is that day at local midnight, whatever the time zone', () => {
    const d = localDay('2025-03-05')
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2025, 2, 5, 0])
  })
})

describe('titleOf', () => {
  it('offers the file name without its extension as a title', () => {
    expect(titleOf('acta_junta-ordinaria.pdf')).toBe('acta junta ordinaria')
    expect(titleOf('.pdf')).toBe('.pdf')
    expect(titleOf('Cuentas 2025')).toBe('Cuentas 2025')
  })
})
