#!/usr/bin/env node
// Lighthouse (mobile emulation, default throttling) on /, /login, /register and /dashboard signed in,
// against the built binary (`make lighthouse` builds it first). Prints performance, accessibility, the
// main timings and the JS transferred per page; asserts nothing (the size budget is what CI checks:
// scripts/size-budget.mjs). Each page is measured LIGHTHOUSE_RUNS times (3 unless told), and the run of
// median performance is shown with the others' scores beside it: one run varies by several points. A run
// Lighthouse itself fails (it cannot read its trace) is run again. The host's benchmark index is printed
// too: Lighthouse's 4x CPU slowdown is calibrated for a fast desktop, and on a slower host every page
// scores lower, so figures from different machines compare only with it. Lighthouse 13 comes through npx;
// Chromium is CHROME_PATH or /usr/bin/chromium.
//
// The server runs on a free port with a fresh data dir: first in dev mode, only to sign a user up through
// the dev mailbox, then again without it, so the pages measured are the production ones. The reports stay
// in web/test-results/lighthouse/ (which audits failed, and why). Pages may be named: `node
// web/scripts/lighthouse.mjs /dashboard`.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('../../', import.meta.url).pathname
const reports = join(root, 'web/test-results/lighthouse')
const PAGES = { '/': false, '/login': false, '/register': false, '/dashboard': true } // path: signed in
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const RETRIES = 2 // a failed run is tried again, twice at most
const pages = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(PAGES)
const bin = join(root, 'bin/vecinos')
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const chromeFlags =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync'

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

async function serve(dataDir, port, dev) {
  const url = `http://127.0.0.1:${port}`
  const env = { ...process.env, VECINOS_ADDR: `127.0.0.1:${port}`, VECINOS_DATA_DIR: dataDir, VECINOS_PUBLIC_URL: url }
  if (dev) env.VECINOS_DEV = '1'
  else delete env.VECINOS_DEV
  const child = spawn(bin, ['serve'], { env, stdio: 'ignore' })
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error(`${bin} did not answer on ${url}`)
}

function stop({ child }) {
  return new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}

/** Signs a user up (creating a community) and confirms the email; returns the session cookie. */
async function signedInCookie(url) {
  const email = `lighthouse-${Date.now().toString(36)}@example.es`
  const signup = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Secreto123',
      fullName: 'Lucía Faro',
      language: 'es',
      metadata: {
        community_role: 'Presidente',
        community_intent: 'create',
        community_name: 'Comunidad Faro',
        community_address: 'Calle Mayor, 5',
        community_city: 'Madrid',
        community_postal_code: '28013',
      },
      // As the registration form does: without it the dashboard opens on the consent dialog.
      acceptTerms: true,
    }),
  })
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`)
  let token = ''
  for (let i = 0; i < 150 && !token; i++) {
    const mails = await (await fetch(`${url}/dev/mailbox.json`)).json()
    const link = mails.filter((m) => m.to === email).flatMap((m) => m.links).find((l) => l.includes('/confirm-email'))
    token = link ? new URL(link).searchParams.get('token') : ''
    if (!token) await new Promise((r) => setTimeout(r, 100))
  }
  if (!token) throw new Error('no confirmation email in the dev mailbox')
  const confirm = await fetch(`${url}/api/v1/auth/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  const cookie = (confirm.headers.get('set-cookie') ?? '').split(';')[0]
  if (confirm.status !== 200 || !cookie) throw new Error(`confirm: ${confirm.status}`)
  return cookie
}

function lighthouse(url, out, cookie) {
  const args = [
    '--yes',
    'lighthouse@13',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility',
    `--chrome-flags=${chromeFlags}`,
  ]
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`)
  execFileSync('npx', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } })
  return JSON.parse(readFileSync(out, 'utf8'))
}

const dataDir = mkdtempSync(join(tmpdir(), 'vecinos-lighthouse-'))
const port = await freePort()
let server = await serve(dataDir, port, true)
const cookie = await signedInCookie(server.url)
await stop(server)
server = await serve(dataDir, port, false)
const rows = []
mkdirSync(reports, { recursive: true })
try {
  for (const path of pages) {
    const out = join(reports, `${path.replace(/\W/g, '') || 'landing'}.json`)
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse now and then fails to record its trace (NO_NAVSTART, NO_FCP: "Please run Lighthouse
      // again"), printed above; with one run a page (CI) that page's figures would be missing.
      for (let attempt = 1; attempt <= 1 + RETRIES; attempt++) {
        try {
          runs.push(lighthouse(server.url + path, out, PAGES[path] ? cookie : undefined))
          break
        } catch (err) {
          const next = attempt <= RETRIES ? 'running it again' : 'the median is of the others'
          console.log(`${path}: run ${i + 1} of Lighthouse failed (${err.message.split('\n')[0].slice(0, 80)}…); ${next}`)
        }
      }
    }
    if (runs.length === 0) continue
    const score = (report) => Math.round(report.categories.performance.score * 100)
    runs.sort((a, b) => score(a) - score(b))
    const report = runs[Math.floor(runs.length / 2)]
    writeFileSync(out, JSON.stringify(report))
    const audit = (id) => report.audits[id]
    const js = audit('network-requests').details.items
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + r.transferSize, 0)
    rows.push({
      page: path,
      performance: score(report),
      runs: runs.map(score).join(' '),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      FCP: audit('first-contentful-paint').displayValue,
      LCP: audit('largest-contentful-paint').displayValue,
      TBT: audit('total-blocking-time').displayValue,
      CLS: audit('cumulative-layout-shift').displayValue,
      'JS transferred': `${(js / 1024).toFixed(1)} KiB`,
      'host benchmark': Math.round(report.environment.benchmarkIndex),
      'final URL': report.finalDisplayedUrl.replace(server.url, ''),
    })
    const failed = Object.values(report.audits).filter(
      (a) => a.score !== null && a.score < 1 && report.categories.accessibility.auditRefs.some((r) => r.id === a.id),
    )
    for (const a of failed) console.log(`${path}: accessibility audit '${a.id}' fails: ${a.title}`)
  }
} finally {
  await stop(server)
  rmSync(dataDir, { recursive: true, force: true })
}
console.table(rows)
