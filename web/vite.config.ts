/// <reference types="vitest/config" />
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { fileURLToPath, pathToFileURL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { clientBuild, serviceWorker } from './pwa/plugin.ts'
import { cataloguePart, CORE_SECTIONS, GUEST_PARTS, type GuestPart } from './src/locales/sections.ts'

// In development the Go server (make run) answers the API; Vite only serves the SPA.
const backend = 'http://localhost:8080'

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
 * A catalogue imported `?raw` (src/lib/i18n.ts parses it) comes without the file's indentation: a string
 * module, like Vite's own ?raw, of the minified JSON. It is the whole catalogue of the language: the shared
 * sections of src/locales and those each feature keeps in src/features/<name>/locales (ADR 0039). A section
 * two files define would hide one of them, so it fails the build and every test run. Imported `?guest`,
 * `?login`, ..., it is that part (GUEST_PARTS) of the merged catalogue only, what the guest screens load (ADR
 * 0029, issue #39).
 */
function rawCatalogues(): Plugin {
  const features = fileURLToPath(new URL('./src/features', import.meta.url))
  return {
    name: 'raw-catalogues',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?')
      const language = /\/src\/locales\/([a-z]+)\.json$/.exec(file)?.[1]
      if ((query !== 'raw' && !(query in GUEST_PARTS)) || !language) return undefined
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      const from = new Map(Object.keys(catalogue).map((section) => [section, file]))
      this.addWatchFile(file)
      for (const feature of readdirSync(features, { withFileTypes: true })) {
        const own = join(features, feature.name, 'locales', `${language}.json`)
        if (!feature.isDirectory() || !existsSync(own)) continue
        this.addWatchFile(own)
        for (const [section, texts] of Object.entries(JSON.parse(readFileSync(own, 'utf8')) as Record<string, unknown>)) {
          if (from.has(section)) throw new Error(`the catalogue section ${section} is in both ${from.get(section)} and ${own}`)
          from.set(section, own)
          catalogue[section] = texts
        }
      }
      const paths = query === 'raw' ? null : GUEST_PARTS[query as GuestPart]
      return `export default ${JSON.stringify(JSON.stringify(paths ? cataloguePart(catalogue, paths) : catalogue))}`
    },
  }
}

/**
 * Marks the chunks every page past the landing page runs as it starts (the entry and START_CHUNKS) with
 * V8's explicit compile hint. Chrome (136 and later) then compiles all their functions while it streams the
 * file, on a background thread, instead of one by one on the main thread as each is first called: the
 * entry's evaluation, the longest task of /register, took 36-39 ms of main-thread CPU instead of 48-60
 * (ADR 0029). Other browsers read a comment. It is added after minification, which drops comments; the
 * file's name still changes with its content.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: clientBuild,
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.name in START_CHUNKS)) continue
        chunk.code = '//# allFunctionsCalledOnLoad\n' + chunk.code
      }
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

// What a signed-in member's first screen loads past the main chunk, as three chunks (ADR 0029, addenda
// "fewer, larger chunks" and "the guest screens"): every module the guest shell imports (which a guest's
// sign-in screens load too), every module the member shell imports besides, and every module the app
// layout and the dashboard (the signed-in home screen) import besides. Left to itself the bundler makes a
// chunk of every module two screens share (a file of a few hundred bytes for each icon): /dashboard took
// 36 scripts, and a phone on HTTP/1.1 fetches six at a time, a round trip each. The first that reaches a
// module wins, so the guest shell comes first.
const START_CHUNKS = {
  'guest-shell': ['src/app/guest-shell.tsx'],
  'app-shell': ['src/app/app-shell.tsx'],
  'app-layout': ['src/app/layout/app-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
}
// The icons (lucide-react: some 80, 6 kB brotli) go with the member shell, for every screen: as a chunk
// each, a screen opening waited a round trip for every six of them. The few the guest shell and the two
// sign-in screens show go with the guest shell, so that a guest downloads neither the member shell nor the
// rest; those only the other guest screens (the auth feature: the email and password pages, the later steps
// of the registration) show are a chunk of their own, `guest-icons` (issue #39).
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/
const GUEST_SCREENS = /[\\/]src[\\/]features[\\/]auth[\\/]/
/**
 * The sign-in screens, the first a resident sees, whose first download issue #39 keeps under 120 kB: the
 * app's modules both import (the fields, the form, the layout) are one chunk, `guest-forms`, and those one
 * imports are in that screen's chunk, instead of a file each (17 and 23 files, each compressed alone).
 */
const SIGN_IN_SCREENS = ['src/features/auth/login/login-page.tsx', 'src/features/auth/register/register-page.tsx']
/** The parts of react-query only the member screens use (infinite lists). */
const MEMBERS_ONLY =
  /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions|queryOptions)\.js$/
/** The file listing the start chunks' scripts, which the Go server preloads on a signed-in page. */
const START_CHUNKS_FILE = 'start-chunks.json'
/** The start chunk of each module in one, by module id (filled by the plugin, read by the chunk groups). */
const startChunkOf = new Map<string, string>()
/** The chunk of each icon the guest screens import (filled by the plugin, read by the chunk groups). */
const guestIcons = new Map<string, 'guest-shell' | 'guest-icons'>()
/** The chunk of each of the app's modules the sign-in screens import (filled by the plugin). */
const signInChunkOf = new Map<string, string>()
const SIGN_IN_CHUNKS = ['login-page', 'register-page']

/**
 * Puts each module the start chunks' roots import statically (directly or not) in its chunk's group, the
 * first that reaches it winning; what the entry also imports is taken first by the `index` group. It notes
 * the icons the guest screens import, and the modules of `guest-forms`. After the build it writes
 * START_CHUNKS_FILE: the chunks' files and those they import, less the entry's.
 */
function startChunks(): Plugin {
  return {
    name: 'start-chunks',
    apply: clientBuild,
    buildEnd() {
      const idOf = (root: string) => fileURLToPath(new URL(`./${root}`, import.meta.url))
      startChunkOf.clear()
      const visit = (id: string, chunk: string) => {
        if (startChunkOf.has(id)) return
        // What no guest screen runs goes with the member shell, though react-query's index imports it.
        startChunkOf.set(id, chunk === 'guest-shell' && MEMBERS_ONLY.test(id) ? 'app-shell' : chunk)
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported, chunk)
      }
      for (const [chunk, roots] of Object.entries(START_CHUNKS)) {
        for (const root of roots) visit(idOf(root), chunk)
      }
      /** The app's modules the roots import statically, directly or not (not the packages). */
      const closure = (roots: string[]) => {
        const seen = new Set<string>()
        const visitApp = (id: string) => {
          if (seen.has(id) || id.includes('node_modules')) return
          seen.add(id)
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visitApp(imported)
        }
        for (const root of roots) visitApp(root)
        return seen
      }
      // The guest screens and the app's modules they import name their icons from lucide's index, which
      // imports every icon: the names are read from their code, and the index says each one's module.
      const iconNames = (modules: Set<string>) => {
        const names = new Set<string>()
        for (const id of modules) {
          const code = this.getModuleInfo(id)?.code ?? ''
          for (const [, list = ''] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
            for (const name of list.split(',')) names.add(name.trim().split(/\s+as\s+/)[0] ?? '')
          }
        }
        return names
      }
      const signIn = SIGN_IN_SCREENS.map((root) => closure([idOf(root)]))
      const first = iconNames(closure([...START_CHUNKS['guest-shell'].map(idOf), ...SIGN_IN_SCREENS.map(idOf)]))
      const others = iconNames(closure([...this.getModuleIds()].filter((id) => GUEST_SCREENS.test(id))))
      guestIcons.clear()
      for (const id of this.getModuleIds()) {
        if (!ICONS.test(id) || !id.endsWith('lucide-react.mjs')) continue
        for (const [, list = '', file = ''] of this.getModuleInfo(id)?.code?.matchAll(/export \{([^}]*)\} from '([^']+)'/g) ?? []) {
          const exported = list.split(',').map((name) => name.trim().replace(/^default as /, ''))
          const icon = fileURLToPath(new URL(file, pathToFileURL(id)))
          if (exported.some((name) => first.has(name))) guestIcons.set(icon, 'guest-shell')
          else if (exported.some((name) => others.has(name))) guestIcons.set(icon, 'guest-icons')
        }
      }
      // A module both sign-in screens import goes in guest-forms; one only one of them imports, in that
      // screen's chunk, even if other screens import it too (they then load that chunk).
      signInChunkOf.clear()
      signIn.forEach((modules, index) => {
        for (const id of modules) {
          const both = signIn.every((other) => other.has(id))
          signInChunkOf.set(id, both ? 'guest-forms' : (SIGN_IN_CHUNKS[index] ?? ''))
        }
      })
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
      const entry = chunks.find((chunk) => chunk.isEntry)
      const files = new Set<string>()
      const add = (fileName: string) => {
        if (files.has(fileName) || fileName === entry?.fileName || entry?.imports.includes(fileName)) return
        files.add(fileName)
        for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) add(imported)
      }
      for (const name of Object.keys(START_CHUNKS)) {
        const chunk = chunks.find((c) => c.name === name)
        if (!chunk) this.error(`start-chunks: no chunk named ${name}`)
        add(chunk.fileName)
      }
      const source = JSON.stringify([...files].map((file) => '/' + file))
      this.emitFile({ type: 'asset', fileName: START_CHUNKS_FILE, source })
    },
  }
}

/**
 * Vite wraps each dynamic import in its preload helper, which loads the CSS and (with modulePreload) the
 * chunks the imported one needs before it runs it. With `build.modulePreload: false` and the one stylesheet
 * index.html links (Tailwind's; no chunk has CSS of its own) it has nothing to load, yet it was 1.1 kB
 * brotli of the main chunk, which every page downloads (issue #39). This one only runs the import. A failed
 * import rejects as it did (the helper's `vite:preloadError` event has no listener here).
 */
function noPreloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js'
  return {
    name: 'no-preload-helper',
    apply: clientBuild,
    enforce: 'pre',
    load: (loadId) => (loadId === id ? 'export const __vitePreload = (load) => load()' : undefined),
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset' && output.fileName.endsWith('.css') && output.fileName !== cssOfIndex(bundle)) {
          this.error(`no-preload-helper: ${output.fileName} is a stylesheet the preload helper would have loaded`)
        }
      }
    },
  }
}

/** The stylesheet index.html links. */
function cssOfIndex(bundle: Record<string, { type: string; fileName: string; isEntry?: boolean; viteMetadata?: { importedCss: Set<string> } }>) {
  const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry)
  return [...(entry?.viteMetadata?.importedCss ?? [])][0]
}

/**
 * React Router's package exports point at its development build whatever the mode (remix-run/react-router
 * #12532, #14102): its dev-only warnings and checks would ship, and run, in every page. The production build
 * is the same code with them switched off.
 */
function reactRouterProduction(): Plugin {
  const dist = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url))
  const files: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' }
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source in files ? dist + files[source] : undefined),
  }
}

export default defineConfig({
  plugins: [
    reactRouterProduction(),
    noPreloadHelper(),
    react(),
    tailwindcss(),
    localeCore(),
    rawCatalogues(),
    compileHints(),
    brotliCopies(),
    serviceWorker(),
    startChunks(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // dist/.vite/manifest.json: the chunk graph scripts/size-budget.mjs follows (the server does not serve it).
    manifest: true,
    // No preloading by Vite's import helper: when a route's chunk is imported it appended a <link> to the
    // page for each chunk that one imports, 30-150 ms of main thread at Lighthouse's 4x CPU on /register.
    // The entry has no static imports left to preload (the `index` group), and a signed-in page names its
    // start chunks itself; a screen's own shared chunks now come a round trip after it (ADR 0029).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Whatever the entry imports statically, in its one chunk: the landing page loads one script, not four.
            { name: 'index', tags: ['$initial'], priority: 2 },
            ...[...Object.keys(START_CHUNKS), 'guest-icons'].map((name) => ({
              name,
              test: (id: string) =>
                (ICONS.test(id) ? (guestIcons.get(id) ?? 'app-shell') : startChunkOf.get(id)) === name,
              priority: 1,
            })),
            ...['guest-forms', ...SIGN_IN_CHUNKS].map((name) => ({
              name,
              test: (id: string) => signInChunkOf.get(id) === name,
              priority: 0,
            })),
          ],
        },
      },
    },
  },
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
    // Every core: Vitest's default leaves one free (one worker on two cores, which left CI's machine 60 %
    // idle for the 73 s of the run; with two workers it took 43 s).
    maxWorkers: '100%',
    // Most tests render a whole route with its lazy chunks: on a shared two-core machine one can take
    // well over Vitest's default 5 s (seen in CI). A hang still fails, later.
    testTimeout: 30_000,
  },
})
