import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GUEST_PATHS, PUBLIC_AUTH_PATHS } from '@/app/routes'
import caGuest from '@/locales/ca.json?guest'
import caRaw from '@/locales/ca.json?raw'
import enGuest from '@/locales/en.json?guest'
import enRaw from '@/locales/en.json?raw'
import esGuest from '@/locales/es.json?guest'
import esRaw from '@/locales/es.json?raw'
import { cataloguePart, CORE_SECTIONS, GUEST_PARTS, type GuestPart } from '@/locales/sections'

// The guest screens load only the core sections (in the main chunk) and the guest sections (es.json?guest)
// of the catalogue, not the whole one (ADR 0029). A key of another section would show raw on them: this
// reads the code they run and requires every key it names to be in what they load, in every language.

const src = join(__dirname, '..')
const read = (file: string) => readFileSync(join(src, file), 'utf8')

/** The module each guest path's route imports, read from the route table. */
function screenModules(): string[] {
  const table = read('app/router.tsx')
  return [...GUEST_PATHS, ...PUBLIC_AUTH_PATHS].map((path) => {
    const at = table.indexOf(`'${path}': async () =>`)
    const module = /import\('@\/([^']+)'\)/.exec(table.slice(at))?.[1]
    if (at < 0 || !module) throw new Error(`no screen for ${path} in app/router.tsx`)
    return module
  })
}

/** The file of an import of the app's own code ('@/lib/x', './x'), or none for a package. */
function resolve(from: string, specifier: string): string | undefined {
  let base: string
  specifier = specifier.split('?')[0] ?? specifier
  if (specifier.startsWith('@/')) base = specifier.slice(2)
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier)
  else return undefined
  const file = ['.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find((f) => existsSync(join(src, f)))
  if (!file) throw new Error(`cannot resolve ${specifier} from ${from}`)
  return file
}

/**
 * Every file of the app the roots import, statically or not (or statically only), directly or not (paths
 * relative to src).
 */
function closure(roots: string[], dynamic = true): string[] {
  const files = new Set<string>()
  const imports = dynamic ? /(?:from|import\()\s*'([^']+)'/g : /from\s*'([^']+)'/g
  const visit = (file: string) => {
    if (files.has(file) || !/\.tsx?$/.test(file)) return
    files.add(file)
    for (const [, specifier = ''] of read(file).matchAll(imports)) {
      const imported = resolve(file, specifier)
      if (imported) visit(imported)
    }
  }
  for (const root of roots) visit(resolve(root, root.startsWith('@/') ? root : `@/${root}`) ?? root)
  // The list of the parts names paths of the catalogue, not keys a screen shows.
  files.delete('locales/sections.ts')
  return [...files]
}

function flatten(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'object' && value !== null ? flatten(value, `${prefix}${key}.`) : [prefix + key],
  )
}

const parse = (raw: string) => JSON.parse(raw) as Record<string, object>
const languages = [
  { language: 'es', rawText: esRaw, guestText: esGuest },
  { language: 'ca', rawText: caRaw, guestText: caGuest },
  { language: 'en', rawText: enRaw, guestText: enGuest },
]
const sections = new Set(Object.keys(parse(esRaw)))
const files = closure(['app/guest-shell', ...screenModules()])

/** Each key a file names: a whole key ('auth.login.title'), or a template's start (`auth.login.${id}`). */
function keysIn(file: string): { key: string; template: boolean }[] {
  const found = []
  for (const [, quote, key = '', end] of read(file).matchAll(/(['"`])([a-zA-Z]\w*(?:\.\w+)*\.?)(\$\{|\1)/g)) {
    const section = key.split('.')[0] ?? ''
    if (!key.includes('.') || !sections.has(section)) continue
    found.push({ key, template: quote === '`' && end === '${' })
  }
  return found
}

describe('the guest screens', () => {
  it('read their code: the screens of every guest path and what they import', () => {
    expect(files).toEqual(expect.arrayContaining(['features/auth/login/login-page.tsx', 'lib/api/problem.ts']))
  })

  for (const { language, rawText, guestText } of languages) {
    it(`name only keys of the core and guest sections, in ${language}`, () => {
      const whole = parse(rawText)
      const loaded = flatten({
        ...Object.fromEntries(CORE_SECTIONS.map((section) => [section, whole[section]])),
        ...parse(guestText),
      })
      const missing: string[] = []
      for (const file of files) {
        for (const { key, template } of keysIn(file)) {
          const known = template ? loaded.some((k) => k.startsWith(key)) : loaded.includes(key)
          if (!known) missing.push(`${file}: ${key}${template ? '…' : ''}`)
        }
      }
      expect(missing).toEqual([])
    })
  }
})

// Each sign-in screen loads its own part of the guest sections (issue #39): /login its part, /register its
// part and, as its later steps load, theirs. Each must name only keys of the core and of what it loaded.
describe('the sign-in screens', () => {
  const screens: { name: string; files: string[]; parts: GuestPart[] }[] = [
    { name: '/login', files: closure(['app/guest-shell', 'features/auth/login/login-page']), parts: ['login'] },
    {
      name: '/register, first step',
      files: closure(['app/guest-shell', 'features/auth/register/register-page'], false),
      parts: ['register'],
    },
    {
      name: '/register, every step',
      files: closure(['app/guest-shell', 'features/auth/register/register-page']),
      parts: ['register', 'register-later'],
    },
  ]

  it('read their code', () => {
    expect(screens[2]?.files).toContain('features/auth/register/contacts-step.tsx')
    expect(screens[1]?.files).not.toContain('features/auth/register/contacts-step.tsx')
  })

  for (const { language, rawText } of languages) {
    for (const { name, files: screenFiles, parts } of screens) {
      it(`${name} names only keys of the core and of its parts, in ${language}`, () => {
        const whole = parse(rawText)
        const loaded = flatten({
          ...Object.fromEntries(CORE_SECTIONS.map((section) => [section, whole[section]])),
        })
        for (const part of parts) loaded.push(...flatten(cataloguePart(whole, GUEST_PARTS[part])))
        const missing: string[] = []
        for (const file of screenFiles) {
          for (const { key, template } of keysIn(file)) {
            const known = template ? loaded.some((k) => k.startsWith(key)) : loaded.includes(key)
            if (!known) missing.push(`${file}: ${key}${template ? '…' : ''}`)
          }
        }
        expect(missing).toEqual([])
      })
    }
  }
})
