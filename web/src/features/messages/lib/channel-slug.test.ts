import { describe, expect, it } from 'vitest'
import { canCreateChannel, channelSlug } from './channel-slug'

describe('private channel name', () => {
  it("previews '#' and the name lower-cased with spaces as hyphens", () => {
    expect(channelSlug('Runners')).toBe('#runners')
    expect(channelSlug('Padres Escuela')).toBe('#padres-escuela')
    expect(channelSlug('  Intercambio   de Libros ')).toBe('#intercambio-de-libros')
    expect(channelSlug('ÁTICO Común')).toBe('#ático-común')
  })

  it('can be created only with a name that is not blank', () => {
    expect(canCreateChannel('')).toBe(false)
    expect(canCreateChannel('   ')).toBe(false)
    expect(canCreateChannel('Mascotas')).toBe(true)
  })
})
