import { describe, expect, it } from 'vitest'
// The whole catalogues, as the app loads them: the shared sections and every feature's (ADR 0039).
import caRaw from '@/locales/ca.json?raw'
import enRaw from '@/locales/en.json?raw'
import esRaw from '@/locales/es.json?raw'
import { Translator } from '@/lib/translator'
import { AUDIT_ACTIONS, mergeAuditActions } from './audit-actions'

describe('the audit actions', () => {
  it('refuses an action two features declare, naming both files', () => {
    expect(() =>
      mergeAuditActions({
        '../features/money/audit-actions.ts': { 'money.budget.created': 'money.audit.money.budget.created' },
        '../features/voting/audit-actions.ts': {
          'poll.created': 'voting.audit.poll.created',
          'money.budget.created': 'voting.audit.poll.created',
        },
      }),
    ).toThrow(
      'the audit action money.budget.created is declared in both ../features/money/audit-actions.ts and ../features/voting/audit-actions.ts',
    )
  })

  it("gathers every feature's declarations", () => {
    for (const action of ['role.changed', 'member.left', 'facility.created', 'document.added', 'poll.created', 'money.budget.created', 'junta.held', 'processor.invited']) {
      expect(AUDIT_ACTIONS.has(action), action).toBe(true)
    }
  })

  it.each([
    ['es', esRaw],
    ['ca', caRaw],
    ['en', enRaw],
  ])('labels every action in %s, in its own words', (language, raw) => {
    const tr = new Translator(language, language)
    tr.add(language, JSON.parse(raw) as Parameters<Translator['add']>[1])
    const spanish = new Translator('es', 'es')
    spanish.add('es', JSON.parse(esRaw) as Parameters<Translator['add']>[1])
    for (const [action, key] of AUDIT_ACTIONS) {
      expect(tr.exists(key), `${action}: ${key}`).toBe(true)
      expect(tr.t(key).trim(), `${action}: ${key}`).not.toBe('')
    }
    // Each label is its action's own: two actions with one label could not be told apart in the filter.
    const labels = [...AUDIT_ACTIONS.values()].map((key) => tr.t(key))
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([])
  })
})
