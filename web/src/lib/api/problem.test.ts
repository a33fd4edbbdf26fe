import { describe, expect, it } from 'vitest'
import { i18n, switchLanguage } from '@/lib/i18n'
import { fakeApi, problem } from '@/test/fake-api'
import { api } from './client'
import { problemMessage } from './problem'
import { unwrap } from './request'

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

  it.each([
    ['ca', "Només es pot reservar entre les 09:00 i les 22:00"],
    ['en', 'You can only book between 09:00 and 22:00'],
  ] as const)("says the server's detail of a generic code, which it wrote in %s", async (language, detail) => {
    await i18n.changeLanguage(language)
    expect(problemMessage({ status: 422, code: 'invalid', detail }, t)).toBe(detail)
    expect(problemMessage({ status: 409, code: 'conflict', detail }, t)).toBe(detail)
  })

  it("says a generic code's translation when the problem has no detail", async () => {
    await i18n.changeLanguage('ca')
    expect(problemMessage({ status: 404, code: 'not_found' }, t)).toBe("No s'ha trobat el que cerques")
  })

  it('does not treat inherited properties as error codes', () => {
    expect(problemMessage({ code: 'toString' }, t)).toBe('Ocurrió un error inesperado')
  })
})

describe('the API client', () => {
  it("asks for the app's language, and shows the detail the server wrote in it", async () => {
    // As the Go server does: the detail in the language of Accept-Language, Spanish by default.
    const details: Record<string, string> = {
      es: 'Solo se puede reservar entre las 09:00 y las 22:00',
      ca: 'Només es pot reservar entre les 09:00 i les 22:00',
    }
    fakeApi.on('POST /api/v1/reservations', ({ language }) => problem(422, 'invalid', details[language ?? 'es'] ?? ''))
    const book = () =>
      unwrap(api.POST('/api/v1/reservations', { body: { facilityId: 'f1', date: '2031-05-01', start: '04:00', end: '05:00' } }))
    await switchLanguage('ca')
    const err: unknown = await book().catch((e: unknown) => e)
    expect(fakeApi.calls('POST /api/v1/reservations')[0]?.language).toBe('ca')
    expect(problemMessage(err, t)).toBe('Només es pot reservar entre les 09:00 i les 22:00')
    await switchLanguage('es')
    expect(problemMessage(await book().catch((e: unknown) => e), t)).toBe('Solo se puede reservar entre las 09:00 y las 22:00')
  })
})
