import { describe, expect, it } from 'vitest'
import type { components } from '@/lib/api/schema'
import { i18n } from '@/lib/i18n'
import { decisionReason } from './format'

type Poll = components['schemas']['Poll']
type Decision = NonNullable<Poll['decision']>

const decision: Decision = {
  approved: true,
  reason: 'mayoría de propietarios sí (13 de 24), mayoría de cuotas sí (54,0 %); cuenta a favor 9 ausentes (art. 17.8)',
  ownersFavour: 13,
  owners: 24,
  cuotaFavour: '53.96',
  cuota: '100',
  ownersMet: true,
  cuotaMet: true,
  overPresent: false,
  presumed: 9,
  reach: [],
}
const junta = { majority: 'simple', convocatoria: 'primera' } as Poll

describe('decisionReason', () => {
  it('in Spanish is the server’s own words, as the acta and the emails have them', () => {
    expect(decisionReason(junta, decision, i18n.getFixedT('es'), 'es')).toBe(decision.reason)
  })

  it('words both majorities and the absent owners in Catalan and English', () => {
    expect(decisionReason(junta, decision, i18n.getFixedT('ca'), 'ca')).toBe(
      'majoria de propietaris sí (13 de 24), majoria de quotes sí (54,0 %); compta a favor 9 absents (art. 17.8)',
    )
    expect(decisionReason(junta, { ...decision, presumed: 1 }, i18n.getFixedT('en'), 'en')).toBe(
      'majority of owners: yes (13 of 24), majority of shares: yes (54.0 %); 1 absent owner counted in favour (art. 17.8)',
    )
  })

  it('says the base is those present for a simple majority in segunda convocatoria', () => {
    const second = { majority: 'simple', convocatoria: 'segunda' } as Poll
    const d = { ...decision, ownersFavour: 3, owners: 7, cuotaFavour: '41.3004', cuota: '100', cuotaMet: false, presumed: 0 }
    const overPresent = { ...d, overPresent: true }
    expect(decisionReason(second, overPresent, i18n.getFixedT('ca'), 'ca')).toBe(
      'majoria de propietaris presents sí (3 de 7), majoria de quotes presents no (41,3 %)',
    )
    const threeFifths = { majority: 'three_fifths', convocatoria: 'primera' } as Poll
    expect(decisionReason(threeFifths, d, i18n.getFixedT('en'), 'en')).toBe(
      '3/5 of owners: yes (3 of 7), 3/5 of shares: no (41.3 %)',
    )
  })
})
