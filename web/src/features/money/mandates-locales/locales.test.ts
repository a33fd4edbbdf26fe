import { describe, expect, it } from 'vitest'
import ca from './ca.json'
import en from './en.json'
import es from './es.json'

// The mandates keep their texts out of the whole catalogue (mandates-texts.ts), so the catalogue's own test
// does not see them: the same checks here. Every key in the three languages, each a text, and a Catalan
// or English text the same as the Spanish only where it is right so.

function flatten(catalogue: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, value] of Object.entries(catalogue) as [string, unknown][]) {
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v)
    } else {
      out.set(prefix + key, value)
    }
  }
  return out
}

// Correct in Catalan as they are in Spanish.
const sameInCatalan = new Set([
  'sepaMandates.status.active', // "Activa"
  'sepaMandates.status.revoked', // "Revocada"
  'sepaMandates.status.expired', // "Caducada"
  'sepaMandates.fields.expiresOn', // "Caduca el"
  'sepaMandates.fields.expiredOn', // "Caducada el"
])

describe('the mandates texts', () => {
  const source = flatten(es)
  for (const [name, catalogue] of [['ca', ca], ['en', en]] as const) {
    it(`are all in ${name}`, () => {
      const texts = flatten(catalogue)
      expect([...texts.keys()].sort()).toEqual([...source.keys()].sort())
      for (const [key, text] of texts) {
        expect(typeof text, key).toBe('string')
        if (name === 'en' || !sameInCatalan.has(key)) expect(text, key).not.toBe(source.get(key))
      }
    })
  }
})
