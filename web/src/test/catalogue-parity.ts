import { describe, expect, it } from 'vitest'

// A catalogue kept out of the whole one (ADR 0050) is not seen by the whole catalogue's test: the same
// checks for it. Every key in the three languages, each a text, and a Catalan or English text the same as
// the Spanish only where it is right so (sameInCatalan).

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

export function describeCatalogueParity(
  title: string,
  catalogues: { es: object; ca: object; en: object },
  sameInCatalan: ReadonlySet<string>,
): void {
  describe(title, () => {
    const source = flatten(catalogues.es)
    for (const [name, catalogue] of [['ca', catalogues.ca], ['en', catalogues.en]] as const) {
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
}
