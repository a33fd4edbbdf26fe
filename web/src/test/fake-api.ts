import type { components } from '@/lib/api/schema'

/**
 * A fake of the Go server at the network boundary: tests register answers per "METHOD /path" (path
 * parameters as {name}), every request is recorded, and anything unexpected fails loudly with a 501.
 */

type Me = components['schemas']['Me']

export interface FakeRequest {
  method: string
  path: string
  params: Record<string, string>
  /** The query string's parameters. */
  query: Record<string, string>
  body: unknown
  /** The Accept-Language header, the language the server writes a problem's detail in. */
  language: string | null
  /** The X-Vecinos-Community header: the community the request acts in (ADR 0040). */
  community: string | null
}

type Handler = (request: FakeRequest) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function noContent(status = 204): Response {
  return new Response(null, { status, headers: { 'Content-Length': '0' } })
}

export function problem(status: number, code: string, detail: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, code, detail }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  })
}

export const testUser: Me = {
  id: 'user-1',
  email: 'ana@example.com',
  emailConfirmed: true,
  fullName: 'Ana García',
  language: 'es',
}

class FakeApi {
  private routes = new Map<string, Handler>()
  readonly requests: FakeRequest[] = []

  constructor() {
    this.reset()
  }

  /** Answers `route` ("POST /api/v1/auth/login") with the handler, or with a fixed response body. */
  on(route: string, handler: Handler): this {
    this.routes.set(route, handler)
    return this
  }

  /** Signs the fake in as `user` (GET /api/v1/me answers it), or out with null. */
  signIn(user: Me | null = testUser): this {
    return this.on('GET /api/v1/me', () =>
      user ? json(user) : problem(401, 'unauthorized', 'Inicia sesión para continuar'),
    )
  }

  /** The recorded requests to one route, oldest first. */
  calls(route: string): FakeRequest[] {
    const [method, pattern] = route.split(' ')
    return this.requests.filter((r) => r.method === method && match(pattern ?? '', r.path) !== null)
  }

  reset(): void {
    this.routes.clear()
    this.requests.length = 0
    this.signIn(null)
    this.on('GET /api/v1/app-info', () => json({ version: 'test', dev: false, oauthProviders: [] }))
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const text = await request.text()
    const body: unknown = text ? JSON.parse(text) : undefined
    const query = Object.fromEntries(url.searchParams)
    const language = request.headers.get('Accept-Language')
    const community = request.headers.get('X-Vecinos-Community')
    for (const [route, handler] of this.routes) {
      const [method, pattern] = route.split(' ')
      const params = method === request.method ? match(pattern ?? '', url.pathname) : null
      if (params) {
        const recorded = { method: request.method, path: url.pathname, params, query, body, language, community }
        this.requests.push(recorded)
        return handler(recorded)
      }
    }
    this.requests.push({ method: request.method, path: url.pathname, params: {}, query, body, language, community })
    return problem(501, 'internal', `No fake answer for ${request.method} ${url.pathname}`)
  }
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/')
  const got = path.split('/')
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? ''
    if (part.startsWith('{') && part.endsWith('}')) params[part.slice(1, -1)] = decodeURIComponent(actual)
    else if (part !== actual) return null
  }
  return params
}

export const fakeApi = new FakeApi()
