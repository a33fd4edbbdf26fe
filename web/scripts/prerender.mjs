#!/usr/bin/env node
// Prerenders /login and /register into dist/prerendered/ after `vite build` (npm run build): builds
// src/prerender.tsx for Node with the same Vite config, renders each page signed out in Spanish, and puts
// the markup into the built index.html's #root. The Go server sends that page to a visitor without a
// session cookie, and main.tsx hydrates it (ADR 0029).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

const web = new URL('..', import.meta.url).pathname
const dist = join(web, 'dist')
const ssrOut = join(web, 'node_modules/.vecinos-prerender')

await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false },
})
const { prerender, PRERENDERED } = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)

const template = readFileSync(join(dist, 'index.html'), 'utf8')
// #root and what it holds until the app draws (a spinner), up to the marker after it.
const root = /<div id="root">.*<\/div><!-- \/root -->/s
if (!root.test(template)) throw new Error('dist/index.html has no <div id="root">…</div><!-- /root -->')
mkdirSync(join(dist, 'prerendered'), { recursive: true })
for (const path of PRERENDERED) {
  const markup = await prerender(path)
  const page = template.replace(root, () => `<div id="root" data-prerendered="${path}">${markup}</div>`)
  writeFileSync(join(dist, 'prerendered', `${path.slice(1)}.html`), page)
  console.log(`prerendered ${path}: ${markup.length} bytes of markup`)
}
