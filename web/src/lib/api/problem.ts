import type { TFunction } from 'i18next'
import { i18n } from '@/lib/i18n'
import type Catalogue from '@/locales/es.json'

/** The RFC 9457 problem+json body of every API error; `code` is stable and translated by the app. */
export interface Problem {
  type?: string
  title?: string
  status?: number
  detail?: string
  code?: string
  /** The values in `detail` by name, which the translation of `code` puts in its place (e.g. until). */
  params?: Record<string, string>
}

type ErrorCode = keyof (typeof Catalogue)['errors']


/**
 * A message for an API error in the app's language. The server's `detail` is the Spanish text, often more
 * precise than its code (most sites still send a generic code such as `conflict`), so in Spanish it is
 * the message. In any other language it is the translation of `errors.<code>` with the problem's params;
 * the detail only when the code is one this client does not know (ADR 0029).
 */
export function problemMessage(err: unknown, t: TFunction): string {
  const code = stringField(err, 'code')
  const detail = stringField(err, 'detail')
  if (detail !== undefined && i18n.language === 'es') return detail
  if (code !== undefined && isErrorCode(code)) {
    return t(`errors.${code}`, { ...paramsOf(err), defaultValue: detail ?? t('errors.unexpected') })
  }
  return detail ?? t('errors.unexpected')
}

// Every catalogue has the same keys as Spanish (checked by tsc and the locale test).
function isErrorCode(code: string): code is ErrorCode {
  return /^[a-z_]+$/.test(code) && i18n.exists(`errors.${code}`)
}

/** The field's text, or undefined when it is missing, not a string or empty. */
function stringField(err: unknown, name: 'code' | 'detail'): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined
  const value: unknown = Reflect.get(err, name)
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The problem's string params, for interpolation. */
export function paramsOf(err: unknown): Record<string, string> {
  if (typeof err !== 'object' || err === null) return {}
  const params: unknown = Reflect.get(err, 'params')
  if (typeof params !== 'object' || params === null) return {}
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}
