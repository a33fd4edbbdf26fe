// Mantenimiento (ADR 0054) at the phone viewport: an admin records the lift's inspection, overdue, and marks
// it done; a resident reads the list without controls to write. Its own server, for its users.
import type { BrowserContext, Page } from '@playwright/test';
import { neighbours } from './support/users';
import { expect, expectNoHorizontalScroll, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext;
let resident: BrowserContext;
let adminPage: Page;
let residentPage: Page;

/** "YYYY-MM-DD" of today plus some months, as the server counts them (the community is in Madrid). */
function day(months = 0): string {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Madrid' }));
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1));
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(now.getDate(), last));
  return d.toISOString().slice(0, 10);
}

/** A day as the page shows it: 05/03/2027. */
function shown(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('maintenance');
  [{ context: admin, page: adminPage }, { context: resident, page: residentPage }] = await neighbours(
    browser,
    server.url,
    { name: 'Comunidad Las Acacias', address: 'Calle de las Acacias 8', city: 'Sevilla', postalCode: '41001' },
    ['Marta Administradora', 'Rubén Residente'],
  );
});

test.afterAll(async () => {
  await admin?.close();
  await resident?.close();
  await server?.stop();
});

test('an admin adds the lift inspection, overdue, and marks it done; a resident only reads it', async () => {
  test.setTimeout(120_000);
  await adminPage.goto('/menu');
  await adminPage.getByRole('link', { name: /Mantenimiento/ }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Mantenimiento' })).toBeVisible();
  await expect(adminPage.getByText('Aún no hay mantenimientos registrados')).toBeVisible();
  await expectNoHorizontalScroll(adminPage);

  await adminPage.getByRole('button', { name: 'Añadir', exact: true }).click();
  const form = adminPage.getByRole('dialog', { name: 'Añadir mantenimiento' });
  await form.getByLabel('Nombre').fill('Revisión del ascensor');
  await form.getByLabel('Tipo').selectOption({ label: 'Inspección obligatoria' });
  await form.getByLabel('Empresa').fill('Ascensores del Sur');
  await form.getByLabel(/Cada cuántos meses/).fill('24');
  await form.getByLabel('Última realización').fill(day(-25));
  await form.getByRole('button', { name: 'Añadir', exact: true }).click();
  await expect(form).toBeHidden();

  const card = adminPage.getByRole('article', { name: 'Revisión del ascensor' });
  await expect(card.getByText('Vencida')).toBeVisible();
  await expect(card.getByText(`Próxima: ${shown(day(-1))}`)).toBeVisible();
  await expectNoHorizontalScroll(adminPage);

  // The resident's open page hears of the change; they read it and cannot write.
  await residentPage.goto('/maintenance');
  const seen = residentPage.getByRole('article', { name: 'Revisión del ascensor' });
  await expect(seen.getByText('Vencida')).toBeVisible();
  await expect(residentPage.getByRole('button', { name: 'Añadir', exact: true })).toHaveCount(0);
  await expect(seen.getByRole('button')).toHaveCount(0);

  await card.getByRole('button', { name: 'Marcar como realizado' }).click();
  const done = adminPage.getByRole('dialog', { name: 'Marcar como realizado' });
  await expect(done.getByLabel('Fecha de realización')).toHaveValue(day());
  await done.getByLabel(/Nota/).fill('Sin incidencias');
  await done.getByRole('button', { name: 'Marcar como realizado' }).click();
  await expect(done).toBeHidden();
  await expect(card.getByText('Al día')).toBeVisible();
  await expect(card.getByText(`Próxima: ${shown(day(24))}`)).toBeVisible();
  await card.getByText('Historial (1)').click();
  await expect(card.getByText(`${shown(day())}, por Marta Administradora`)).toBeVisible();

  // Live on the resident's page too, without reloading.
  await expect(seen.getByText('Al día')).toBeVisible({ timeout: 15_000 });
  await expect(seen.getByText(`Próxima: ${shown(day(24))}`)).toBeVisible();
});
