// Playwright fixtures: one real `vecinos serve` per worker, with `baseURL` pointing at it.
// Tests import { test, expect } from here instead of from '@playwright/test'.
import fs from 'node:fs';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startAppServer } from './engine';
import { PHONE, type ServerHandle } from './server';

export interface WorkerFixtures {
  /** The server that `page`, `request` and `baseURL` talk to (shared by the tests of one worker). */
  server: ServerHandle;
}

export interface TestFixtures {
  /** Attaches the server log to failed tests. */
  serverLogOnFailure: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring pattern
    async ({}, use, workerInfo) => {
      const server = await startAppServer(`worker${workerInfo.workerIndex}`);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  serverLogOnFailure: [
    async ({ server }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus && fs.existsSync(server.logFile)) {
        await testInfo.attach('server.log', { path: server.logFile, contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The fixtures with a server of the spec file's own (named `name`) in place of the shared one: its users
 * count towards that server's rate limits only.
 */
export function withOwnServer(name: string) {
  return test.extend<object, WorkerFixtures>({
    server: [
      // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring pattern
      async ({}, use, workerInfo) => {
        const server = await startAppServer(`${name}-worker${workerInfo.workerIndex}`);
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 60_000 },
    ],
  });
}

/** Another browser context on `baseURL` at the phone viewport of the tests, in Spanish and Madrid time. */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, ...PHONE });
}

/** The page fits the phone viewport: a layout viewport as wide as the screen and no horizontal scroll. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const m = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? null,
  }));
  const vw = page.viewportSize()?.width;
  expect(m.innerWidth, `layout viewport width (meta viewport: ${m.viewport})`).toBe(vw);
  expect(m.scrollWidth, `horizontal scroll on ${page.url()}`).toBeLessThanOrEqual(m.innerWidth);
}
