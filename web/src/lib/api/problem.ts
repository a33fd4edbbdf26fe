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
 * Codes that the server sends with many different messages (internal/domain/errors.go): their translation
 * can only say what kind of failure it was, so in Spanish the server's own, more precise, detail wins.
 * Every other code means one thing, said in the app's language (ADR 0029).
 */
const GENERIC_CODES: ReadonlySet<string> = new Set([
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
])

/**
 * A message for an API error in the app's language: the translation of `errors.<code>` (with the
 * problem's params), else the server's Spanish `detail`, else a generic message.
 */
export function problemMessage(err: unknown, t: TFunction): string {
  const code = stringField(err, 'code')
  const detail = stringField(err, 'detail')
  if (code !== undefined && isErrorCode(code)) {
    if (detail !== undefined && GENERIC_CODES.has(code) && i18n.language === 'es') return detail
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
