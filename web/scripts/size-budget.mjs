#!/usr/bin/env node
// The JavaScript a first visit downloads before its screen can show, per page, against a budget (issue #17,
// ADR 0029). It reads the build (dist/.vite/manifest.json and the files it names) and follows the static
// imports from index.html and from the chunks the page's route loads; it measures sizes, never times.
// `npm run size` after `npm run build`; `make test` runs it. Exits 1 when a page is over its budget.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = new URL('../dist/', import.meta.url).pathname

// Bytes, compressed as the Go server sends them: gzip at level 9 (every browser), and the build's brotli
// copy (what Chrome gets). A budget sits a few per cent over the size when it was set: raise it only with
// a reason in the commit.
// An entry is a module of the source or the name of a chunk vite.config.ts groups modules into. A sign-in
// screen loads the guest shell, its own part of the catalogue's guest sections and its chunk (which imports
// guest-forms); a signed-in one the member shell and the whole catalogue besides (ADR 0029, addenda "the
// guest screens" and "the sign-in screens under 120 kB"). Issue #39's target for /login and /register is
// 120 kB brotli. /register had reached 120.2 kB once the tab's community (ADR 0040) and the shared query
// keys of memberships and juntas joined the guest shell (ADR 0043); the guest shell now takes only the keys
// it uses (lib/guest-query-keys.ts) and the sign-out's part of push (lib/push-device.ts), and the main
// chunk no longer carries the subscribing (ADR 0046): / 94.1 kB, /login 117.8, /register 119.4.
// /dashboard gained the community switcher and the next junta's line: 174.6 kB gzip; the admins' 'Mandatos'
// panel's texts joined the catalogue (es, the whole of it, is in this page's first load): 180.6 kB.
const PAGES = [
  { path: '/', entries: [], gzip: 110_500, brotli: 96_000 },
  {
    path: '/login',
    entries: ['guest-shell', 'src/locales/es.json?login', 'login-page'],
    gzip: 136_000,
    brotli: 118_500,
  },
  {
    path: '/register',
    entries: ['guest-shell', 'src/locales/es.json?register', 'register-page'],
    gzip: 137_500,
    brotli: 120_000,
  },
  // 176.8 kB after session 19's features (the despacho's links, the audit's new actions, an incident's cost in
  // the shared Spanish catalogue): set just above, so that it cannot grow further unseen.
  // 178.0 kB after session 20's merges: the despacho's search, bulk actions and switcher, money's CSV import and
  // reconciliation, the year's accounts in the menu, the juntas' presence and bounces (their texts in the shared
  // Spanish catalogue, which a signed-in first screen loads whole). Set just above; the way down is to split that
  // catalogue by route as the guest screens' is (ADR 0043).
  // 179.0 kB after session 21's merges: the despacho's new community and CSV import, its debt and bank columns,
  // spending from the reserve fund and charge-back matches, all texts of that shared catalogue.
  // 180.3 kB with Mantenimiento's texts in the whole catalogue.
  { path: '/dashboard', entries: ['guest-shell', 'app-shell', 'src/locales/es.json?raw', 'app-layout'], gzip: 181_500 },
]

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))

/** The JS files of the entry chunks and everything they import statically. */
function closure(keys) {
  const files = new Set()
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key] ?? Object.values(manifest).find((c) => c.name === key && !c.src)
    if (!chunk) throw new Error(`size-budget: ${key} is not in the build manifest (renamed? update PAGES)`)
    if (chunk.file.endsWith('.js')) files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of ['index.html', ...keys]) visit(key)
  return [...files]
}

function sizes(file) {
  const body = readFileSync(join(dist, file))
  const gzip = gzipSync(body, { level: 9 }).length
  let brotli
  try {
    brotli = readFileSync(join(dist, file + '.br')).length
  } catch {
    // Files under 1 KB have no brotli copy: the server sends them gzipped (or as they are).
    brotli = Math.min(gzip, body.length)
  }
  return { raw: body.length, gzip, brotli }
}

const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(6) + ' kB'
let failed = false
for (const page of PAGES) {
  const total = { raw: 0, gzip: 0, brotli: 0 }
  const files = closure(page.entries)
  for (const file of files) {
    const s = sizes(file)
    total.raw += s.raw
    total.gzip += s.gzip
    total.brotli += s.brotli
  }
  const over = []
  if (total.gzip > page.gzip) over.push(`gzip over ${kb(page.gzip).trim()}`)
  if (page.brotli && total.brotli > page.brotli) over.push(`brotli over ${kb(page.brotli).trim()}`)
  failed ||= over.length > 0
  console.log(
    `${page.path.padEnd(10)} ${String(files.length).padStart(2)} files  raw ${kb(total.raw)}  gzip ${kb(total.gzip)}` +
      ` (budget ${kb(page.gzip).trim()})  brotli ${kb(total.brotli)}` +
      (page.brotli ? ` (budget ${kb(page.brotli).trim()})` : '') +
      (over.length ? `  OVER BUDGET: ${over.join(', ')}` : '  ok'),
  )
}
if (failed) {
  console.error('size-budget: the initial JS of a page grew past its budget (web/scripts/size-budget.mjs)')
  process.exit(1)
}
