/// <reference types="node" />
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import ca from '@/locales/ca.json'
import en from '@/locales/en.json'
import es from '@/locales/es.json'

// The codes a problem may carry, as the OpenAPI document enumerates them (from domain.Codes in Go).
interface OpenAPI {
  components: { schemas: { Problem: { properties: { code: { enum: string[] } } } } }
}
// Vitest runs in web/ (npm run test, make test-web).
const openapi = JSON.parse(readFileSync(resolve(process.cwd(), '../api/openapi.json'), 'utf8')) as OpenAPI
const codes = openapi.components.schemas.Problem.properties.code.enum
const catalogues = { es: es.errors, ca: ca.errors, en: en.errors }
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe('problem codes', () => {
  it('are enumerated in the OpenAPI document', () => {
    expect(codes).toContain('email_taken')
    expect(codes).toContain('document_retained')
  })

  it.each(Object.entries(catalogues))('each has a translation in %s', (_language, errors) => {
    const missing = codes.filter((code) => {
      const text: unknown = Reflect.get(errors, code)
      return typeof text !== 'string' || text.trim() === ''
    })
    expect(missing).toEqual([])
  })

  it('take the same parameters in every language', () => {
    for (const code of codes) {
      const inSpanish = placeholders(String(Reflect.get(es.errors, code)))
      expect(placeholders(String(Reflect.get(ca.errors, code))), code).toEqual(inSpanish)
      expect(placeholders(String(Reflect.get(en.errors, code))), code).toEqual(inSpanish)
    }
  })
})
