// No screen shows a raw catalogue key (issue #39): every route of src/app/routes.ts, in Spanish, Catalan
// and English, signed out and as the demo's admin (`vecinos demo`, a community with its neighbours,
// announcements, incidents, bookings, votes, money...). A key is looked for in the page's text and in the
// attributes read out or shown (aria-label, placeholder, title, alt) once the screen has settled.
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { PHONE, runVecinos, startServer, tempDataDir, WEB_DIR, type ServerHandle } from './support/server';

/** The paths of the product's route table, read from its source so that a new route is walked too. */
function routePaths(): string[] {
  const source = fs.readFileSync(path.join(WEB_DIR, 'src', 'app', 'routes.ts'), 'utf8');
  const table = /export const ROUTE_PATHS = \[([\s\S]*?)\] as const/.exec(source)?.[1] ?? '';
  const paths = [...table.matchAll(/'(\/[^']*)'/g)].map(([, p = '']) => p);
  if (paths.length < 20) throw new Error('raw-keys: cannot read ROUTE_PATHS from src/app/routes.ts');
  // A parameter gets a value no row has: the screen then says it found nothing, in words.
  return paths.map((p) => p.replace(/:\w+/g, 'sin-resultado'));
}

/** The top-level sections of the catalogue: src/locales and every feature's own (ADR 0039). */
function sections(): string[] {
  const files = [path.join(WEB_DIR, 'src', 'locales', 'es.json')];
  const features = path.join(WEB_DIR, 'src', 'features');
  for (const feature of fs.readdirSync(features)) {
    const own = path.join(features, feature, 'locales', 'es.json');
    if (fs.existsSync(own)) files.push(own);
  }
  return files.flatMap((file) => Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object));
}

const SECTIONS = sections();
// 'auth.login.title', 'errors.conflict', `money.receipts.status_paid`: a section, then dotted words. Not an
// address (an email's domain, a file name) or part of a longer word.
const RAW_KEY = new RegExp(`(?<![\\w@/.-])(?:${SECTIONS.join('|')})(?:\\.[A-Za-z0-9_]+)+(?![\\w@/-])`, 'g');

const ADMIN = { email: 'admin@demo.vecinos.local', password: 'Vecinos2026' };
const LANGUAGES = ['es', 'ca', 'en'] as const;

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

/** The raw keys the screen shows, once it has settled (no spinner left, or 5 s). */
async function rawKeysOn(page: Page): Promise<string[]> {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(() => document.querySelector('.animate-spin, [aria-busy="true"]') === null, undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
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
      // The check itself finds a key in the text and in an attribute, and not an email's domain.
      await page.setContent('<p>auth.login.title y admin@app.demo</p><input placeholder="common.retry">');
      expect(await rawKeysOn(page)).toEqual(['auth.login.title', 'common.retry']);
      if (signedIn) {
        await page.goto('/dashboard');
        await expect(page).toHaveURL(/\/dashboard$/);
      }
      const found: string[] = [];
      for (const route of routePaths()) {
        await page.goto(route);
        for (const key of await rawKeysOn(page)) found.push(`${route} (${new URL(page.url()).pathname}): ${key}`);
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}
