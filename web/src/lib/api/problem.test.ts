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

  it("falls back to the server's detail for a code without translation (a newer server's)", async () => {
    const problem = { status: 409, code: 'unit_exists', detail: 'La unidad ya existe' }
    await i18n.changeLanguage('ca')
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

  it("says the code's translation in Catalan and English, and the server's own Spanish detail in Spanish", async () => {
    const problem = { status: 409, code: 'email_taken', detail: 'Usuario ya registrado' }
    expect(problemMessage(problem, t)).toBe('Usuario ya registrado')
    await i18n.changeLanguage('ca')
    expect(problemMessage(problem, t)).toBe('Aquest correu electrònic ja està registrat')
    await i18n.changeLanguage('en')
    expect(problemMessage(problem, t)).toBe('This email is already registered')
  })

  it("puts the problem's params into the translation", async () => {
    const problem = {
      status: 409,
      code: 'document_retained',
      detail: 'Este documento debe conservarse hasta el 01/05/2031',
      params: { until: '01/05/2031' },
    }
    await i18n.changeLanguage('ca')
    expect(problemMessage(problem, t)).toBe("Aquest document s'ha de conservar fins al 01/05/2031")
    await i18n.changeLanguage('en')
    expect(problemMessage(problem, t)).toBe('This document must be kept until 01/05/2031')
  })

  it('does not treat inherited properties as error codes', () => {
    expect(problemMessage({ code: 'toString' }, t)).toBe('Ocurrió un error inesperado')
  })
})
