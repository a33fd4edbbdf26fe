import { paramsOf, type Problem } from './problem'

/** A failed API call: the HTTP status and the problem+json body the server answered with. */
export class ApiError extends Error implements Problem {
  readonly status: number
  readonly code?: string
  readonly detail?: string
  readonly title?: string
  readonly params?: Record<string, string>
  /** The messages of the problem's `errors`, e.g. the faulty lines of a CSV ('Línea 4: …'). */
  readonly errors: string[]

  constructor(status: number, body: unknown) {
    const problem = asProblem(body)
    super(problem.detail ?? problem.title ?? `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.code = problem.code
    this.detail = problem.detail
    this.title = problem.title
    this.params = problem.params
    this.errors = problemErrors(body)
  }
}

/** Whether err is an API error with the given stable code (e.g. 'email_not_confirmed'). */
export function hasErrorCode(err: unknown, code: string): err is ApiError {
  return err instanceof ApiError && err.code === code
}

interface FetchResult<D> {
  data?: D
  error?: unknown
  response: Response
}

/** The data of a successful openapi-fetch call; an ApiError otherwise (network failures reject as they are). */
export async function unwrap<D>(call: Promise<FetchResult<D>>): Promise<D> {
  const { data, error, response } = await call
  if (!response.ok) throw new ApiError(response.status, error)
  return data as D
}

function asProblem(body: unknown): Problem {
  if (typeof body !== 'object' || body === null) return {}
  const text = (name: string) => {
    const value: unknown = Reflect.get(body, name)
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  return { code: text('code'), detail: text('detail'), title: text('title'), params: paramsOf(body) }
}

function problemErrors(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return []
  const list: unknown = Reflect.get(body, 'errors')
  if (!Array.isArray(list)) return []
  return list.flatMap((item: unknown) => {
    const message: unknown = typeof item === 'object' && item !== null ? Reflect.get(item, 'message') : undefined
    return typeof message === 'string' && message !== '' ? [message] : []
  })
}
