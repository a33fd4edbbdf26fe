// Foundation: the real binary serves the SPA, the API's error and contract endpoints, and migrates
// a fresh data dir; every page fits a phone screen.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newUser, signUpConfirmed } from './support/users';
import { expect, expectNoHorizontalScroll, test } from './support/fixtures';
import { runVecinos, startServer, tempDataDir } from './support/server';

/** A link or button with this accessible name (the first, if there are several). */
function action(page: Page, name: string) {
  return page.getByRole('link', { name }).or(page.getByRole('button', { name })).first();
}

test.describe('landing page', () => {
  test('shows the title and both entry points, and fits the phone', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Gestión de Comunidades/);
    await expect(action(page, 'Iniciar Sesión')).toBeVisible();
    await expect(action(page, 'Crear Nueva Comunidad')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test("'Iniciar Sesión' leads to /login", async ({ page }) => {
    await page.goto('/');
    await action(page, 'Iniciar Sesión').click();
    await expect(page).toHaveURL(/\/login(?:[?#]|$)/);
    await expectNoHorizontalScroll(page);
  });

  test("'Crear Nueva Comunidad' leads to /register", async ({ page }) => {
    await page.goto('/');
    await action(page, 'Crear Nueva Comunidad').click();
    await expect(page).toHaveURL(/\/register(?:[?#]|$)/);
    await expectNoHorizontalScroll(page);
  });
});

test('an unknown page shows the not-found page, whose home link goes back to /', async ({ page, server }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.headers()['content-type'] ?? '').toContain('text/html'); // history fallback to the SPA
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expectNoHorizontalScroll(page);
  const home = page
    .getByRole('link', { name: /home|inicio|volver/i })
    .or(page.locator('a[href="/"]'))
    .first();
  await home.click();
  await expect(page).toHaveURL(`${server.url}/`);
});

test('every screen the menu leads to keeps a margin from the edges of the phone', async ({ page, context }) => {
  test.slow(); // a dozen screens, each with its data
  await signUpConfirmed(context, newUser('Clara Márgenes'), {
    create: { name: 'Calle Borde 1', address: 'Calle Borde 1', city: 'Madrid', postalCode: '28005' },
  });
  await page.goto('/menu');
  const links = page.getByRole('main').getByRole('link');
  await expect(links.first()).toBeVisible();
  const paths = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths).toContain('/voting');
  const width = page.viewportSize()?.width ?? 0;
  for (const path of paths) {
    await page.goto(path);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title, path).toBeVisible();
    const box = await title.boundingBox();
    expect(box?.x, `the title of ${path} starts at the screen's edge`).toBeGreaterThanOrEqual(12);
    expect((box?.x ?? 0) + (box?.width ?? 0), `the title of ${path} ends at the screen's edge`).toBeLessThanOrEqual(
      width - 12,
    );
    await expectNoHorizontalScroll(page);
  }
});

test.describe('API', () => {
  test('an unknown API path is a 404 problem+json', async ({ request }) => {
    const res = await request.get('/api/v1/no-such');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toMatch(/^application\/problem\+json/);
    const body = await res.json();
    expect(body.status ?? 404).toBe(404);
  });

  test('the OpenAPI document is 3.1', async ({ request }) => {
    const res = await request.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(String(doc.openapi)).toMatch(/^3\.1/);
  });

  test('health and readiness answer 200', async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    expect((await request.get('/readyz')).status()).toBe(200);
  });
});

test.describe('binary', () => {
  test('a fresh data dir is migrated on start; a later `migrate` has nothing to apply', async () => {
    const dataDir = await tempDataDir();
    const db = path.join(dataDir, 'vecinos.db');
    const server = await startServer({ name: 'fresh-migrate', dataDir });
    try {
      expect(fs.existsSync(db), `${db} after the server became ready`).toBe(true);
      await server.stop();
      const res = await runVecinos(['migrate'], { env: { VECINOS_DATA_DIR: dataDir } });
      expect(res.code, `vecinos migrate output:\n${res.output}`).toBe(0);
      expect(res.output, 'vecinos migrate should report nothing to apply').toMatch(
        /nothing to (apply|migrate|do)|no (new |pending )?migrations?|up[ -]to[ -]date|no-?op|already (applied|migrated|current)|\b0 (new |pending )?migrations?|applied[=:"\s]+0\b|count[=:"\s]+0\b/i,
      );
      // The same data dir serves again after the migrate run.
      const again = await startServer({ name: 'fresh-migrate-restart', dataDir });
      await again.stop();
    } finally {
      await server.stop();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    }
  });

  test('`vecinos version` prints a version', async () => {
    const res = await runVecinos(['version']);
    expect(res.code, res.output).toBe(0);
    expect(res.stdout.trim()).not.toBe('');
  });
});
