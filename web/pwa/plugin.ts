import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { ConfigEnv, Plugin, ResolvedConfig } from 'vite'

/** Files of dist/ that are not precached: the worker itself and what only tools read. */
const SKIP = [/^sw\.js$/, /\.br$/, /\.map$/, /^\.vite\//, /\.LICENSE\.txt$/]

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

/** The files of the chunk built from src and of the chunks it imports, from Vite's build manifest. */
function chunkWithImports(out: string, src: string): string[] {
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(src)
  return [...files]
}

/** The browser's build, not the Node build of the prerendered pages (scripts/prerender.mjs). */
export const clientBuild = (_: unknown, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild

/**
 * Writes dist/sw.js from pwa/sw.js after the build: the list of files to precache (the shell and what it
 * loads first, icons, the manifest) and a version hashed from every built file, so any change to the app
 * makes a new worker and the 'Nueva versión disponible' prompt (docs/adr/0030).
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'vecinos-service-worker',
    apply: clientBuild,
    configResolved(resolved) {
      config = resolved
    },
    closeBundle() {
      const out = config.build.outDir
      const files = filesOf(out).filter((file) => !SKIP.some((re) => re.test(file)))
      const hash = createHash('sha256')
      for (const file of files) hash.update(file).update('\0').update(readFileSync(join(out, file)))
      // Precached: what the first screen needs (the files index.html names) and the few files outside
      // assets/ (icons, manifest). Other chunks (a route, a language) are kept when first used, so
      // installing the worker does not download every screen over mobile data.
      const html = readFileSync(join(out, 'index.html'), 'utf8')
      const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]))
      // The offline notice's chunk and what it imports too: it loads only once the connection is gone.
      for (const file of chunkWithImports(out, 'src/components/pwa-banner.tsx')) named.add(file)
      const precache = files.filter((file) => !file.startsWith('assets/') || named.has(file))
      const template = readFileSync(new URL('./sw.js', import.meta.url), 'utf8')
      const header =
        `self.__VERSION__ = ${JSON.stringify(hash.digest('hex').slice(0, 16))}\n` +
        `self.__PRECACHE__ = ${JSON.stringify(precache.map((file) => '/' + file))}\n`
      writeFileSync(join(out, 'sw.js'), header + template)
    },
  }
}
