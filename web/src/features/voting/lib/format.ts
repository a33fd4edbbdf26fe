import type { components } from '@/lib/api/schema'
import type { TFunction } from '@/lib/i18n'

/** A cuota as the API writes it ('41.3') in Spanish style: '41,3 %'. */
export function cuotaText(value: string | null | undefined, language = 'es'): string {
  const n = Number(value ?? 0)
  return `${n.toLocaleString(language, { maximumFractionDigits: 4 })} %`
}

type Poll = components['schemas']['Poll']
type Decision = NonNullable<Poll['decision']>

/**
 * Why a junta vote was approved or not, in the app's language: 'majoria de propietaris sí (2 de 3), …'. In
 * Spanish, the server's own words, which the acta, the CSV and the emails also carry.
 */
export function decisionReason(poll: Poll, d: Decision, t: TFunction, language: string): string {
  if (language === 'es' || !poll.majority) return d.reason
  const present = d.overPresent ? t('voting.reason.present') : ''
  const whole = Number(d.cuota)
  const share = whole > 0 ? (Number(d.cuotaFavour) * 100) / whole : 0
  const cuota = `${share.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`
  const met = (ok: boolean) => (ok ? t('voting.reason.yes') : t('voting.reason.no'))
  const text = t('voting.reason.text', {
    name: t(`voting.reason.majority.${poll.majority}`),
    present,
    ownersMet: met(d.ownersMet),
    ownersFavour: d.ownersFavour,
    owners: d.owners,
    cuotaMet: met(d.cuotaMet),
    cuota,
  })
  return d.presumed > 0 ? text + t('voting.reason.presumed', { count: d.presumed }) : text
}
