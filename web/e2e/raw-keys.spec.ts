// No screen shows a raw catalogue key (issue #39): every route of src/app/routes.ts, in Spanish, Catalan
// and English, signed out and as the demo's admin (`vecinos demo`, a community with its neighbours,
// announcements, incidents, bookings, votes, money...). A key is looked for in the page's text and in the
// attributes read out or shown (aria-label, placeholder, title, alt) once the screen has settled.
//
// Every route is loaded, but a screen is scanned once: a route that sends the visitor elsewhere (signed
// out, the 40 member screens go to /login and the wizard's steps to /start; signed in, /login, /register
// and /start go to /dashboard) is checked to land where routes.ts says, and the screen it lands on is
// scanned the first time a redirect reaches it (besides its own visit: /login reached from a member
// screen has the whole catalogue and the app shell loaded, /login opened directly only its own part).
// "Settled" is a condition, not a delay: no request the page waits for (the route's chunks, the
// catalogues that features load on their own, ADR 0039 and 0050, the API's answers), no spinner, and the
// DOM unchanged for QUIET_MS and at least two animation frames since the last of them.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { PHONE, runVecinos, startServer, tempDataDir, WEB_DIR, type ServerHandle } from './support/server';
import { GUEST_PATHS, PROTECTED_PATHS, ROUTE_PATHS, WIZARD_PATHS } from '../src/app/routes';

/** A route's path with a value no row has for each parameter: the screen then says it found nothing, in words. */
const concrete = (route: string) => route.replace(/:\w+/g, 'sin-resultado');

/** Where each route of the table lands, signed out and as a member with a confirmed email (src/app/router.tsx). */
function landing(route: string, signedIn: boolean): string {
  const wizard: readonly string[] = WIZARD_PATHS;
  const guest: readonly string[] = GUEST_PATHS;
  const member: readonly string[] = PROTECTED_PATHS;
  if (signedIn) return guest.includes(route) || route === '/start' ? '/dashboard' : concrete(route);
  if (wizard.includes(route)) return '/start';
  return member.includes(route) ? '/login' : concrete(route);
}

/**
 * The top-level sections of the catalogue: src/locales and every catalogue a feature keeps (ADR 0039's
 * `locales`, and those its screens merge when their chunk loads, ADR 0050's `accounts-locales`).
 */
function sections(): string[] {
  const features = path.join(WEB_DIR, 'src', 'features');
  const own = fs
    .readdirSync(features, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/\\])[\w-]*locales[/\\]es\.json$/.test(file))
    .map((file) => path.join(features, file));
  return [path.join(WEB_DIR, 'src', 'locales', 'es.json'), ...own].flatMap((file) =>
    Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object),
  );
}

const SECTIONS = sections();
// 'auth.login.title', 'errors.conflict', `money.receipts.status_paid`: a section, then dotted words. Not an
// address (an email's domain, a file name) or part of a longer word.
const RAW_KEY = new RegExp(`(?<![\\w@/.-])(?:${SECTIONS.join('|')})(?:\\.[A-Za-z0-9_]+)+(?![\\w@/-])`, 'g');

const ADMIN = { email: 'admin@demo.vecinos.local', password: 'Vecinos2026' };
const LANGUAGES = ['es', 'ca', 'en'] as const;
/** How long the DOM must stay unchanged, once no request is pending, for the screen to count as settled. */
const QUIET_MS = 100;
/** A screen that never settles (a spinner that stays) is scanned as it is after this long. */
const SETTLE_CAP_MS = 10_000;

/** A server of its own on a data dir the demo filled (SQLite). */
const test = base.extend<object, { demo: ServerHandle }>({
  demo: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring pattern
    async ({}, use, workerInfo) => {
      const dataDir = await tempDataDir();
      const seeded = await runVecinos(['demo'], { env: { VECINOS_DATA_DIR: dataDir }, timeoutMs: 60_000 });
      if (seeded.code !== 0) throw new Error(`vecinos demo failed:\n${seeded.output}`);
      const server = await startServer({ name: `raw-keys-worker${workerInfo.workerIndex}`, dataDir, removeDataDir: true });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/** The page's requests under way, but the realtime stream's and those of media, which draw no text. */
function pendingRequests(page: Page): Set<Request> {
  const pending = new Set<Request>();
  const ignored = new Set(['eventsource', 'websocket', 'image', 'media', 'font']);
  page.on('request', (request) => {
    if (!ignored.has(request.resourceType())) pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return pending;
}

/**
 * In the page: resolves once nothing has changed for quietMs and two frames (no DOM mutation, no resource
 * finished loading, no spinner), or after capMs.
 */
function quiet({ quietMs, capMs }: { quietMs: number; capMs: number }): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let frames = 0;
    const changed = () => {
      last = performance.now();
      frames = 0;
    };
    const mutations = new MutationObserver(changed);
    mutations.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // An API answer or a chunk that arrived: what it brings is drawn after it, within quietMs.
    const resources = new PerformanceObserver(changed);
    resources.observe({ type: 'resource' });
    const frame = () => {
      const now = performance.now();
      frames++;
      if (document.querySelector('.animate-spin, [aria-busy="true"]') !== null) changed();
      if ((frames >= 2 && now - last >= quietMs) || now - start >= capMs) {
        mutations.disconnect();
        resources.disconnect();
        resolve();
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Waits for the screen to settle: no request pending, then quiet in the page, and still none pending. */
async function settle(page: Page, pending: Set<Request>): Promise<void> {
  const deadline = Date.now() + SETTLE_CAP_MS;
  for (;;) {
    while (pending.size > 0 && Date.now() < deadline) await sleep(10);
    await page.evaluate(quiet, { quietMs: QUIET_MS, capMs: Math.max(0, deadline - Date.now()) });
    if (pending.size === 0 || Date.now() >= deadline) return;
  }
}

/** The raw keys the screen shows. */
async function rawKeysOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const attributes = ['aria-label', 'placeholder', 'title', 'alt'];
    const values = Array.from(document.querySelectorAll(attributes.map((a) => `[${a}]`).join(','))).flatMap((el) =>
      attributes.map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.title, document.body.innerText, ...values].join('\n');
  });
  return [...new Set(texts.match(RAW_KEY) ?? [])];
}

for (const language of LANGUAGES) {
  for (const signedIn of [false, true]) {
    test(`no screen shows a raw key, in ${language}, ${signedIn ? "as the demo's admin" : 'signed out'}`, async ({
      browser,
      demo,
    }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ baseURL: demo.url, ...PHONE });
      await context.addInitScript((lang) => {
        localStorage.setItem('appSettings', JSON.stringify({ language: lang }));
      }, language);
      if (signedIn) {
        const res = await context.request.post('/api/v1/auth/login', { data: ADMIN });
        expect(res.status(), await res.text()).toBe(200);
      }
      const page = await context.newPage();
      const requests = pendingRequests(page);
      // The check itself finds a key in the text and in an attribute, and not an email's domain.
      await page.setContent('<p>auth.login.title y admin@app.demo</p><input placeholder="common.retry">');
      expect(await rawKeysOn(page)).toEqual(['auth.login.title', 'common.retry']);
      const found: string[] = [];
      const scannedAfterRedirect = new Set<string>();
      for (const route of ROUTE_PATHS) {
        const visited = concrete(route);
        const expected = landing(route, signedIn);
        const pathname = () => new URL(page.url()).pathname;
        requests.clear();
        await page.goto(visited);
        if (expected !== visited && scannedAfterRedirect.has(expected)) {
          // A screen scanned already: only where the route lands.
          await expect
            .soft(async () => expect(pathname()).toBe(expected), `${visited} lands on ${expected}`)
            .toPass({ intervals: [25], timeout: 15_000 });
          continue;
        }
        await settle(page, requests);
        expect.soft(pathname(), `${visited} lands on ${expected}`).toBe(expected);
        if (expected !== visited) scannedAfterRedirect.add(expected);
        for (const key of await rawKeysOn(page)) found.push(`${visited} (${pathname()}): ${key}`);
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}
