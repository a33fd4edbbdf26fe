import { describe, expect, it } from 'vitest'
import { shortenAddress } from './address'

describe('shortenAddress', () => {
  it('keeps the first two parts of an address with three or more comma-separated parts', () => {
    expect(shortenAddress('Calle Mayor 5, 28013 Madrid, España')).toBe('Calle Mayor 5, 28013 Madrid')
    expect(shortenAddress('Calle Mayor 5, Piso 3º, Puerta B, Madrid')).toBe('Calle Mayor 5, Piso 3º')
  })

  it.each([
    ['piso', 'Calle Mayor 5 piso 3º', 'Calle Mayor 5'],
    ['planta', 'Calle Mayor 5, planta 2ª', 'Calle Mayor 5'],
    ['puerta', 'Avenida Diagonal 100 Puerta 4ª', 'Avenida Diagonal 100'],
    ['dpto', 'Calle Sol 7, Dpto. 1º', 'Calle Sol 7'],
    ['departamento', 'Calle Sol 7 departamento 2°', 'Calle Sol 7'],
    ['esc', 'Calle Luna 3 esc. 1ª', 'Calle Luna 3'],
    ['escalera', 'Calle Luna 3, Escalera 2ª', 'Calle Luna 3'],
  ])('removes the floor/door word "%s"', (_word, address, short) => {
    expect(shortenAddress(address)).toBe(short)
  })

  it('removes trailing ordinal numbers, several in a row', () => {
    expect(shortenAddress('Calle Mayor 5 3º 2ª')).toBe('Calle Mayor 5')
    expect(shortenAddress('Plaza Real 1, 4.º')).toBe('Plaza Real 1')
  })

  it('keeps the street number, which is not an ordinal', () => {
    expect(shortenAddress('Calle Mayor 5')).toBe('Calle Mayor 5')
  })

  it('removes trailing separators', () => {
    expect(shortenAddress('Calle Mayor 5, ')).toBe('Calle Mayor 5')
    expect(shortenAddress('Calle Mayor 5 -')).toBe('Calle Mayor 5')
    expect(shortenAddress('Calle Mayor 5 piso')).toBe('Calle Mayor 5')
  })

  it('does not touch words that only start like a floor/door word', () => {
    expect(shortenAddress('Calle de la Escuela 4')).toBe('Calle de la Escuela 4')
    expect(shortenAddress('Paseo de la Pisuerga 2')).toBe('Paseo de la Pisuerga 2')
  })

  it('answers an empty text for no address', () => {
    expect(shortenAddress('')).toBe('')
    expect(shortenAddress(null)).toBe('')
    expect(shortenAddress(undefined)).toBe('')
  })
})
