import { ApiError } from '@/lib/api/request'

/** A failed request's toast text: what failed and, for a refusal of the server, its reason (Spanish). */
export function failureText(what: string, err: unknown): string {
  const detail = err instanceof ApiError && err.status < 500 ? err.detail : undefined
  return detail ? `${what}: ${detail}` : what
}
