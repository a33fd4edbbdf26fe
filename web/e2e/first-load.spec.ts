// First load on a phone (issue #17, ADR 0029): a visitor without a session gets /login and /register with
// their form already in the page, and the app takes that markup over (hydrates it) without losing what was
// typed before its scripts arrived; a visitor in another language never sees the Spanish copy; a signed-in
// member's page names the chunks of the first screen, which the browser then fetches once.
import type { Page } from '@playwright/test';
import { newUser, signUpConfirmed } from './support/users';
import { expect, test } from './support/fixtures';

/** React's complaints about the page it hydrated, and any other uncaught error or console error. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

test('the sign-in form is in the page before any script runs', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await context.close();
});

test('what is typed before the scripts arrive stays, and the form then works', async ({ page }) => {
  const errors = collectErrors(page);
  // Hold every script back until the visitor has typed.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' }); // DOMContentLoaded waits for the module scripts
  await page.getByLabel('Email').fill('temprana@example.com');
  await page.getByLabel('Contraseña', { exact: true }).fill('secreta');
  // Sent before the app is there, the form goes nowhere: natively it would put the password in the address.
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByLabel('Contraseña', { exact: true }).press('Enter');
  expect(new URL(page.url()).search).toBe('');
  await page.getByLabel('Contraseña', { exact: true }).fill('');
  release();

  // The form answers once the app has taken it over: an empty password is refused by the app's own check.
  await expect(async () => {
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.locator('#login-password-error')).toHaveText('La contraseña es obligatoria', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByLabel('Email')).toHaveValue('temprana@example.com');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1); // hydrated, not drawn anew
  expect(errors).toEqual([]);
});

test('in Catalan the Spanish copy is never shown, and the page is drawn in Catalan', async ({ page }) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => localStorage.setItem('appSettings', JSON.stringify({ language: 'ca' })));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    // While the scripts load, the prerendered Spanish page is in the DOM but hidden.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' }); // DOMContentLoaded waits for the module scripts
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia la sessió' })).toBeVisible();
  await expect(page.getByText('Iniciar Sesión')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a signed-in dashboard comes with its chunks and its data asked for by the page, each fetched once', async ({ page }) => {
  const errors = collectErrors(page);
  // Chrome warns of a preload nothing used within seconds of the load: one the app no longer asks for.
  page.on('console', (msg) => {
    if (msg.type() === 'warning' && /preload/i.test(msg.text())) errors.push(msg.text());
  });
  await signUpConfirmed(page.context(), newUser('Lucía Faro'), {
    create: { name: 'Comunidad Faro', address: 'Calle Mayor, 5', city: 'Madrid', postalCode: '28013' },
  });
  const requested: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || path.startsWith('/api/')) requested.push(path);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Lucía Faro/ })).toBeVisible();
  await expect(page.getByRole('region', { name: '¿Cuál es tu vivienda?' })).toBeVisible(); // the profile's answer
  await page.waitForTimeout(3500); // past the seconds after the load in which Chrome expects preloads used

  // The guest shell's, the member shell's and the app layout's chunks (with the dashboard): requested by the page itself.
  const preloaded = (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(await preloaded('link[rel="modulepreload"]')).toEqual([
    expect.stringMatching(/^\/assets\/guest-shell-.+\.js$/),
    expect.stringMatching(/^\/assets\/app-shell-.+\.js$/),
    expect.stringMatching(/^\/assets\/app-layout-.+\.js$/),
  ]);
  const data = await preloaded('link[rel="preload"][as="fetch"]');
  expect(data).toEqual(expect.arrayContaining(['/api/v1/me', '/api/v1/profile', '/api/v1/dashboard']));
  // A preload the app's own request did not take would be fetched a second time.
  expect(requested.filter((path, i) => requested.indexOf(path) !== i && !path.startsWith('/api/v1/stream'))).toEqual([]);
  for (const path of [...(await preloaded('link[rel="modulepreload"]')), ...data]) expect(requested).toContain(path);
  expect(errors).toEqual([]);
});
