import type { TFunction } from 'i18next'
import type Catalogue from '@/locales/es.json'
import { i18n } from '@/lib/i18n'

/** The RFC 9457 problem+json body of every API error; `code` is stable and translated by the app. */
export interface Problem {
  type?: string
  title?: string
  status?: number
  detail?: string
  code?: string
}

/**
 * A message for an API error: the translation of `errors.<code>` when there is one, else the server's
 * `detail`, else a generic message.
 */
export function problemMessage(err: unknown, t: TFunction): string {
  const code = stringField(err, 'code')
  if (code !== undefined && isErrorCode(code)) return t(`errors.${code}`)
  return stringField(err, 'detail') ?? t('errors.unexpected')
}

type ErrorCode = keyof (typeof Catalogue)['errors']

// Every catalogue has the same keys as Spanish (checked by tsc and the locale test).
function isErrorCode(code: string): code is ErrorCode {
  return /^[a-z_]+$/.test(code) && i18n.exists(`errors.${code}`)
}

/** The field's text, or undefined when it is missing, not a string or empty. */
function stringField(err: unknown, name: keyof Problem): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined
  const value: unknown = Reflect.get(err, name)
  return typeof value === 'string' && value !== '' ? value : undefined
}
