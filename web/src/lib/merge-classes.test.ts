import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { mergeClasses } from './merge-classes'
import { cn } from './utils'

// cn() merges classes with its own table (merge-classes.ts) instead of tailwind-merge, which stays a dev
// dependency only to check it here (issue #39). The classes are every token of every string in src/ that
// tailwind-merge takes for a Tailwind class, with its variants; a screen added later is checked as it is.

const src = join(__dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.(ts|tsx)$/.test(entry.name) && !entry.name.startsWith('merge-classes')
        ? [join(dir, entry.name)]
        : [],
  )
}

function appClasses(): string[] {
  const tokens = new Set<string>()
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const token of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+|\$\{[^}]*\}/)) {
        if (/^[!-]?[a-z0-9[@*][\w\-[\]&>:=().,%/!*+#@'~]*$/.test(token)) tokens.add(token)
      }
    }
  }
  // A class tailwind-merge knows is kept once when it is written twice; one it does not know, twice.
  return [...tokens].filter((token) => twMerge(token, token) === token).sort()
}

describe('cn', () => {
  const classes = appClasses()

  it('finds the app classes', () => {
    expect(classes.length).toBeGreaterThan(400)
    expect(classes).toContain('hover:bg-primary-hover')
  })

  it('merges every pair of the app classes as tailwind-merge does', () => {
    const wrong: string[] = []
    for (const a of classes) {
      for (const b of classes) {
        const expected = twMerge(a, b)
        const merged = mergeClasses(`${a} ${b}`)
        if (merged !== expected) wrong.push(`${a} ${b} → ${merged}, tailwind-merge: ${expected}`)
      }
    }
    expect(wrong.slice(0, 30)).toEqual([])
  })

  it('merges each class with the same class under other variants and with important', () => {
    const wrong: string[] = []
    for (const a of classes) {
      const utility = a.slice(a.lastIndexOf(':') + 1)
      const plain = utility.replace(/^!|!$/g, '')
      for (const b of [`hover:${utility}`, `sm:hover:${utility}`, `hover:sm:${utility}`, `${plain}!`, `-${plain}`]) {
        for (const list of [`${a} ${b}`, `${b} ${a}`, `${utility} ${a} ${b}`]) {
          if (mergeClasses(list) !== twMerge(list)) wrong.push(`${list} → ${mergeClasses(list)}, ${twMerge(list)}`)
        }
      }
    }
    expect(wrong.slice(0, 30)).toEqual([])
  })

  it('keeps what is not a Tailwind class, and joins clsx-style inputs', () => {
    expect(cn('x-foo', 'x-foo', 'px-2', 'px-3')).toBe('x-foo x-foo px-3')
    expect(cn('p-2', false, undefined, null, { 'p-4': true, 'm-1': false }, ['  text-sm ', ['text-lg']])).toBe(
      'p-4 text-lg',
    )
    expect(cn()).toBe('')
    expect(cn('', '  ')).toBe('')
  })

  it('keeps the component classes a caller does not override (the button, an input)', () => {
    const button =
      'inline-flex items-center rounded-xl text-sm font-semibold focus-visible:ring-2 [&_svg]:size-4 ' +
      'bg-primary text-primary-foreground h-11 px-5'
    for (const caller of ['w-full', 'h-12 px-2 [&_svg]:size-5', 'border border-input bg-card', 'flex-1 mt-6']) {
      expect(cn(button, caller)).toBe(twMerge(button, caller))
    }
  })
})
