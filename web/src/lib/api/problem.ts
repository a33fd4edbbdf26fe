import { i18n, type TFunction } from '@/lib/i18n'
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
 * The codes that only say what kind of failure it was, each sent with many different details: what was
 * invalid, what clashed, what is missing. The other codes name one situation each, which the app words
 * itself (with the problem's params) and often reacts to; `unauthorized` among them, as its details
 * ("Usuario no autenticado") say less than its translation.
 */
const GENERIC_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'invalid',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
  'internal',
])

/**
 * A message for an API error in the app's language. The server writes `detail` in the language the
 * request asked for (Accept-Language, ADR 0029). A generic code, or one this client does not know (a
 * newer server's), shows the detail; a specific code its translation of `errors.<code>` with the
 * problem's params. In Spanish, the server's own language, the detail always: it is the most precise.
 */
export function problemMessage(err: unknown, t: TFunction): string {
  const code = stringField(err, 'code')
  const detail = stringField(err, 'detail')
  const known = code !== undefined && isErrorCode(code)
  if (detail !== undefined && (i18n.language === 'es' || !known || GENERIC_CODES.has(code))) return detail
  if (known) return t(`errors.${code}`, { ...paramsOf(err), defaultValue: t('errors.unexpected') })
  return t('errors.unexpected')
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
