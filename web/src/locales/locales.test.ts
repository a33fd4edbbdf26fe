import { describe, expect, it } from 'vitest'
// The whole catalogues, as the app loads them: these shared sections and every feature's own (ADR 0039).
import caRaw from './ca.json?raw'
import enRaw from './en.json?raw'
import esRaw from './es.json?raw'

const parse = (raw: string) => JSON.parse(raw) as object
const [es, ca, en] = [parse(esRaw), parse(caRaw), parse(enRaw)]

/** Flattens a catalogue to "a.b.c" → value, keeping non-string leaves so they fail the checks below. */
function flatten(catalogue: object, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>()
  const fields: [string, unknown][] = Object.entries(catalogue)
  for (const [key, value] of fields) {
    const path = prefix + key
    if (typeof value === 'object' && value !== null) {
      for (const [nested, leaf] of flatten(value, `${path}.`)) entries.set(nested, leaf)
    } else {
      entries.set(path, value)
    }
  }
  return entries
}

const source = flatten(es)

// Correct in Catalan as they are in Spanish.
const sameInBothLanguages = new Set([
  'onboarding.start.welcome', // "Hola, {{name}}"
  'memberships.community.notSpecified', // "No especificada"
  'memberships.roles.roleOf', // "Rol de {{name}}"
  'memberships.verifications.note', // "Nota: {{note}}"
  'documents.upload.percent', // "{{percent}} %"
  'documents.card.meta', // "{{date}} · {{format}} · {{size}}"
  'documents.quickLinks.lastActa', // "Última acta"
  'voting.form.meaning.favour', // "A favor"
  'voting.form.meaning.against', // "En contra"
  'units.unitWithRelation', // "{{unit}} ({{relation}})"
  'memberships.claims.person', // "{{name}} ({{relation}})"
  'reservations.calendar.previous', // "Mes anterior"
  'reservations.booking.when', // "{{day}}, de {{start}} a {{end}}"
  'reservations.toasts.booked', // "Reserva confirmada"
  'reservations.toasts.modified', // "Reserva modificada"
  'reservations.dashboard.when', // "{{day}}, {{start}}–{{end}}"
  'juntas.audit.junta.created', // "Junta preparada"
  'juntas.audit.junta.edited', // "Junta editada"
  'juntas.audit.junta.deleted', // "Junta eliminada"
  'juntas.audit.junta.convened', // "Junta convocada"
  'juntas.attendance.hold', // "Constituir la junta"
  'juntas.dashboard.line', // "{{kind}} el {{day}}"
  'juntas.toasts.drafted', // "Acta redactada"
  'juntas.proxy.idNumber', // "DNI o NIE"
  'books.csv.open', // "Importar CSV"
])

describe.each([
  ['ca', ca],
  ['en', en],
])('%s catalogue', (_language, catalogue) => {
  const translated = flatten(catalogue)

  it('has every key of the Spanish source', () => {
    expect([...source.keys()].filter((key) => !translated.has(key))).toEqual([])
  })

  it('has no key that the Spanish source lacks', () => {
    expect([...translated.keys()].filter((key) => !source.has(key))).toEqual([])
  })

  it('has a non-empty text for every key', () => {
    const empty = [...translated].filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    expect(empty.map(([key]) => key)).toEqual([])
  })

  it('is translated, not a copy of the Spanish', () => {
    // Short words can coincide (Catalan "o" is Spanish "o"); whole sentences must not, except the few
    // that are simply the same in both languages, listed here by key so that each one was looked at.
    const copied = [...translated].filter(
      ([key, value]) =>
        typeof value === 'string' && value.includes(' ') && value === source.get(key) && !sameInBothLanguages.has(key),
    )
    expect(copied.map(([key]) => key)).toEqual([])
  })
})

describe('es catalogue', () => {
  it('has a non-empty text for every key', () => {
    const empty = [...source].filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    expect(empty.map(([key]) => key)).toEqual([])
  })
})
