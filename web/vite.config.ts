/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { clientBuild, serviceWorker } from './pwa/plugin.ts'

// In development the Go server (make run) answers the API; Vite only serves the SPA.
const backend = 'http://localhost:8080'

// The catalogue sections the first screen (the landing page, the loading spinner, the offline and update
// notices) shows. They are in the main chunk in every language, a few hundred bytes each; the whole
// catalogues load later (ADR 0029).
const CORE_SECTIONS = ['app', 'landing', 'common', 'pwa']
const LANGUAGES = ['es', 'ca', 'en']

/** `virtual:locale-core`: CORE_SECTIONS of each catalogue in src/locales, cut out at build time. */
function localeCore(): Plugin {
  const id = 'virtual:locale-core'
  const resolved = '\0' + id
  const file = (language: string) => fileURLToPath(new URL(`./src/locales/${language}.json`, import.meta.url))
  return {
    name: 'locale-core',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loadId) {
      if (loadId !== resolved) return undefined
      const core: Record<string, Record<string, unknown>> = {}
      for (const language of LANGUAGES) {
        this.addWatchFile(file(language))
        const catalogue = JSON.parse(readFileSync(file(language), 'utf8')) as Record<string, unknown>
        core[language] = Object.fromEntries(CORE_SECTIONS.map((section) => [section, catalogue[section]]))
      }
      return `export default ${JSON.stringify(core)}`
    },
  }
}

/**
 * Writes x.br beside every emitted text file over 1 KB, at brotli's best level: the Go server sends it to
 * browsers that accept br (internal/httpapi/spa.go), a sixth less than its own gzip.
 */
function brotliCopies(): Plugin {
  return {
    name: 'brotli-copies',
    apply: clientBuild,
    writeBundle(options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (fileName.startsWith('.vite/') || !/\.(js|css|html|json|svg)$/.test(fileName)) continue
        const source = output.type === 'chunk' ? output.code : output.source
        if (source.length <= 1024) continue
        const compressed = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        })
        writeFileSync(join(options.dir ?? 'dist', fileName + '.br'), compressed)
      }
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), localeCore(), brotliCopies(), serviceWorker()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // dist/.vite/manifest.json: the chunk graph scripts/size-budget.mjs follows (the server does not serve it).
  build: { manifest: true },
  server: {
    proxy: {
      '/api': backend,
      '/dev': backend,
      '/healthz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    // Only unit and component tests; the Playwright suite in e2e/ runs against the real binary.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom for all test files instead of one each: a third of the time on a two-core machine. The
    // setup file resets what tests change (DOM, storage, globals, spies, language, fake API) after each test.
    pool: 'threads',
    isolate: false,
    // Most tests render a whole route with its lazy chunks: on a shared two-core machine one can take
    // well over Vitest's default 5 s (seen in CI). A hang still fails, later.
    testTimeout: 30_000,
  },
})
