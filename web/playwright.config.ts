// End-to-end tests: Playwright against the real binary (../bin/vecinos, built by `make build`),
// in Debian's /usr/bin/chromium at a phone viewport.
//
// Runner: @playwright/test (not the playwright-core + vitest fallback). @playwright/test, playwright
// and playwright-core have no install scripts, so `npm ci` never downloads a browser (.ci/run also
// sets PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1); never run `npx playwright install` here.
// Output stays in test-results/e2e (traces, screenshots, server logs) and playwright-report/.
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { E2E_OUTPUT_DIR, PHONE } from './e2e/support/server';

const CI = !!process.env.CI;

const reporter: ReporterDescription[] = [['list'], ['./e2e/support/summary-reporter.ts']];
if (!CI) reporter.push(['html', { outputFolder: 'playwright-report', open: 'never' }]);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: E2E_OUTPUT_DIR,
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: CI ? 2 : undefined,
  // Caps, not speed checks: argon2 sign-ups and full-page screenshots on two busy cores take their time,
  // and on a host whose page faults are slow (a VM measured at 12 µs a fault) Chromium runs 3× slower:
  // the longest journeys took 52 s there, so a one-minute cap would fail them on a bad day.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter,
  use: {
    browserName: 'chromium',
    ...PHONE,
    // CI keeps only the log, so a trace there is never opened: recording one (a DOM snapshot per action
    // and a screencast of every frame) cost CPU of both cores for nothing. Locally a failure keeps it.
    trace: CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.VECINOS_E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone' }],
});
