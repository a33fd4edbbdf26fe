import { describe, expect, it, vi } from 'vitest'
import { Translator, type TranslationKey } from './translator'

// Keys outside the Spanish catalogue, for a translator of its own.
const key = (k: string) => k as TranslationKey

function translator() {
  const tr = new Translator('ca', 'es')
  tr.add('es', {
    inbox: { unread_one: '{{count}} mensaje sin leer', unread_other: '{{count}} mensajes sin leer' },
    greeting: 'Hola, {{ name }}',
    onlySpanish: 'Solo en castellano',
    audit: { 'role.changed': 'Cambio de rol', role: { other: 'Otro' } },
  })
  tr.add('ca', { inbox: { unread_one: '{{count}} missatge sense llegir', unread_other: '{{count}} missatges sense llegir' } })
  return tr
}

describe('Translator', () => {
  it('picks the plural form of the language, and reads a form the catalogue lacks as the other', () => {
    const tr = translator()
    expect(tr.t(key('inbox.unread'), { count: 1 })).toBe('1 missatge sense llegir')
    expect(tr.t(key('inbox.unread'), { count: 0 })).toBe('0 missatges sense llegir')
    // Spanish has a 'many' form for a million; no catalogue words it apart.
    expect(tr.t(key('inbox.unread'), { count: 1_000_000, lng: 'es' })).toBe('1000000 mensajes sin leer')
  })

  it('falls back to Spanish, then to the default value, then to the key', () => {
    const tr = translator()
    expect(tr.t(key('greeting'), { name: 'Núria' })).toBe('Hola, Núria')
    expect(tr.t(key('onlySpanish'))).toBe('Solo en castellano')
    expect(tr.t('audit.actions.new_thing', { defaultValue: 'new_thing' })).toBe('new_thing')
    expect(tr.t(key('no.such.key'))).toBe('no.such.key')
    expect(tr.exists('inbox.unread_one')).toBe(true)
    expect(tr.exists('inbox')).toBe(false) // a section is not a text
  })

  it('finds a name that holds a dot', () => {
    const tr = translator()
    expect(tr.t(key('audit.role.changed'))).toBe('Cambio de rol')
    expect(tr.t(key('audit.role.other'))).toBe('Otro')
  })

  it('leaves nothing for a placeholder without a value', () => {
    expect(translator().t(key('greeting'), {})).toBe('Hola, ')
  })

  it('tells its listeners of a change of language, and only of a change', async () => {
    const tr = translator()
    const changed = vi.fn()
    tr.on('languageChanged', changed)
    await tr.changeLanguage('ca')
    await tr.changeLanguage('es')
    expect(changed).toHaveBeenCalledExactlyOnceWith('es')
    expect(tr.getFixedT('ca')(key('inbox.unread'), { count: 2 })).toBe('2 missatges sense llegir')
    tr.off('languageChanged', changed)
    await tr.changeLanguage('ca')
    expect(changed).toHaveBeenCalledOnce()
  })

  it('replaces a section as a whole when a catalogue is added again', () => {
    const tr = translator()
    tr.add('es', { inbox: { unread_other: 'otros' } })
    expect(tr.t(key('inbox.unread'), { count: 1, lng: 'es' })).toBe('otros')
    expect(tr.t(key('greeting'), { name: 'Eva', lng: 'es' })).toBe('Hola, Eva')
  })
})
