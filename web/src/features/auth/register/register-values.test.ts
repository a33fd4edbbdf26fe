import { describe, expect, it } from 'vitest'
import { parseEmailList, splitAddress } from './community-values'
import { normalizeInviteCode } from './register-values'

describe('registration helpers', () => {
  it('upper-cases invitation codes and keeps 8 letters or digits', () => {
    expect(normalizeInviteCode('ab-cd efgh9')).toBe('ABCDEFGH')
    expect(normalizeInviteCode('xy7')).toBe('XY7')
  })

  it.each([
    ['Calle Mayor 5', { streetType: 'Calle', streetName: 'Mayor', streetNumber: '5' }],
    ['Avenida de la Paz, 12', { streetType: 'Avenida', streetName: 'de la Paz', streetNumber: '12' }],
    ['travesía del Conde 3B', { streetType: 'Travesía', streetName: 'del Conde', streetNumber: '3B' }],
    ['Gran Vía', { streetType: 'Calle', streetName: 'Gran Vía', streetNumber: '' }],
  ])('splits %j into the form fields', (address, expected) => {
    expect(splitAddress(address)).toEqual(expected)
  })

  it('reads invitee emails one per line or separated by commas, without repeats', () => {
    expect(parseEmailList('a@x.es, b@x.es\n\nA@x.es;c@x.es  ')).toEqual(['a@x.es', 'b@x.es', 'c@x.es'])
    expect(parseEmailList('   ')).toEqual([])
  })
})
