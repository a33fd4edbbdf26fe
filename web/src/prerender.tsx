import { renderToString } from 'react-dom/server'
import { createMemoryRouter } from 'react-router'
import { App } from '@/app/app'
import { loadRoutesOf, routes } from '@/app/router'

/** The pages the build prerenders: what a visitor without a session sees first (ADR 0029). */
export const PRERENDERED = ['/login', '/register']

/**
 * The markup of a signed-out visitor's screen at path, in Spanish, as the browser's first render draws
 * it (scripts/prerender.mjs puts it into index.html's #root, main.tsx hydrates it).
 */
export async function prerender(path: string): Promise<string> {
  await loadRoutesOf(path) // the guest routes load the catalogue's guest sections too
  return renderToString(<App router={createMemoryRouter(routes, { initialEntries: [path] })} />)
}
