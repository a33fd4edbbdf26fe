import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { problemMessage } from './problem'

const t = i18n.t.bind(i18n)

describe('problemMessage', () => {
  // The codes are the server's (internal/domain/errors.go, the enum of internal/httpapi/problem.go).
  it("says an internal error (500, code 'internal', no detail) in the app's language", async () => {
    const problem = { type: 'about:blank', title: 'Internal Server Error', status: 500, code: 'internal', detail: '' }
    expect(problemMessage(problem, t)).toBe('Ocurrió un error inesperado')
    await i18n.changeLanguage('en')
    expect(problemMessage(problem, t)).toBe('An unexpected error occurred')
  })

  it("falls back to the server's detail for a code without translation", () => {
    const problem = { status: 409, code: 'conflict', detail: 'La unidad ya existe' }
    expect(problemMessage(problem, t)).toBe('La unidad ya existe')
  })

  it.each([
    ['no code nor detail', { status: 500 }],
    ['an empty detail', { status: 500, detail: '' }],
    ['not a problem at all', new TypeError('Failed to fetch')],
    ['nothing', undefined],
  ])('gives the generic message for %s', (_case, err) => {
    expect(problemMessage(err, t)).toBe('Ocurrió un error inesperado')
  })

  it('does not treat inherited properties as error codes', () => {
    expect(problemMessage({ code: 'toString' }, t)).toBe('Ocurrió un error inesperado')
  })
})
