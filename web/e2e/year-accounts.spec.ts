// The year's accounts and their closing (issue #37, ADR 0050) at the phone viewport: last year has a budget,
// its first quarter's receipts and an expense paid from the cash box; the admin reads its accounts with
// their charts and tables, closes the year, downloads the PDF for the junta and approves the accounts; the
// owner then reads them, their own unit's lines only.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { twoFlatsWithAnOwner } from './support/money';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

const last = new Date().getFullYear() - 1;
const today = new Date().toISOString().slice(0, 10);

let server: ServerHandle;
let admin: BrowserContext;
let owner: BrowserContext;
let adminPage: Page;

async function post(ctx: BrowserContext, path: string, data: unknown, status = 201): Promise<Record<string, unknown>> {
  const res = await ctx.request.post(path, { data });
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Record<string, unknown>;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('year-accounts');
  admin = await phoneContext(browser, server.url);
  owner = await phoneContext(browser, server.url);
  await twoFlatsWithAnOwner(admin, owner, { name: 'Comunidad Las Encinas', address: 'Calle de las Encinas 3', city: 'Cáceres', postalCode: '10001' }, 'Olga Propietaria');
  adminPage = await admin.newPage();
  // Last year: a budget of 1.000,00 € of cleaning (and its 100,00 € reserve), the first quarter's receipts
  // (137,50 € each flat), and an expense of 121,00 € paid from the cash box.
  const budget = await post(admin, '/api/v1/money/budgets', { year: last });
  const put = await admin.request.put(`/api/v1/money/budgets/${String(budget.id)}`, {
    data: { lines: [{ concept: 'Limpieza', groupId: 'general', amountCents: 100000 }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  await post(admin, `/api/v1/money/budgets/${String(budget.id)}/approve`, { juntaDate: `${last}-01-10` }, 200);
  await post(admin, '/api/v1/money/receipts/generate', { year: last, period: 1 });
  const cash = await post(admin, '/api/v1/money/accounts', { name: 'Caja', kind: 'cash', openingDate: `${last}-01-01`, openingCents: 50000 });
  const expense = await post(admin, '/api/v1/money/expenses', {
    date: `${last}-06-01`, providerName: 'Limpiezas Sol SL', concept: 'Limpieza de junio', groupId: 'general', baseCents: 10000, vatRate: 2100,
  });
  await post(admin, `/api/v1/money/expenses/${String(expense.id)}/payments`, { accountId: cash.id, date: `${last}-06-15`, amountCents: 12100 }, 200);
});

test.afterAll(async () => {
  await admin?.close();
  await owner?.close();
  await server?.stop();
});

test('the admin reads last year, closes it, downloads the PDF and approves the accounts', async () => {
  test.setTimeout(180_000);
  await adminPage.goto('/menu');
  await adminPage.getByRole('link', { name: /Cuentas del ejercicio/ }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Cuentas del ejercicio' })).toBeVisible();
  await expect(adminPage.getByLabel('Ejercicio')).toHaveValue(String(last));
  await expect(adminPage.getByText('Ejercicio abierto: las cifras cambian hasta su cierre.')).toBeVisible();
  // The charts are images with their titles, their figures in tables.
  await expect(adminPage.getByRole('img', { name: 'Presupuesto y gasto real de cada grupo' })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /Gastos 121,00 €/ })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /Cuotas emitidas 275,00 €/ })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /Limpieza 1\.000,00 € 121,00 € -879,00 €/ })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /^Caja 500,00 € 0,00 € 121,00 € 379,00 € sin extractos$/ })).toBeVisible();
  await expect(adminPage.getByRole('img', { name: 'Deuda pendiente por antigüedad' })).toBeVisible();
  await expectNoHorizontalScroll(adminPage);

  // Closing: the liquidación (each flat 60,50 € of expenses against 125,00 € of cuotas) is fixed.
  await adminPage.getByRole('button', { name: 'Cerrar el ejercicio' }).click();
  await expect(adminPage.getByText(`Ejercicio ${last} cerrado`)).toBeVisible();
  await expect(adminPage.getByText('Pendientes de aprobar en junta.', { exact: false })).toBeVisible();
  await expect(adminPage.getByText('En Documentos, para adjuntarlo a la convocatoria')).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /^1º A 60,50 € 125,00 € -64,50 €$/ })).toBeVisible();

  const downloading = adminPage.waitForEvent('download');
  await adminPage.getByRole('link', { name: 'Descargar el PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`cuentas-${last}.pdf`);

  await adminPage.getByLabel('Fecha de la junta').fill(today);
  await adminPage.getByRole('button', { name: 'Aprobar las cuentas' }).click();
  await expect(adminPage.getByText(`Cuentas aprobadas en la junta del ${today}.`, { exact: false })).toBeVisible();

  // Nothing dated in the closed year is written any more.
  const refused = await admin.request.post('/api/v1/money/expenses', {
    data: { date: `${last}-12-01`, providerName: 'Limpiezas Sol SL', concept: 'Limpieza', groupId: 'general', baseCents: 1000 },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { detail: string }).detail).toBe(
    `El ejercicio ${last} está cerrado y no se puede cambiar: anota la corrección en ${last + 1} con referencia al ejercicio cerrado`,
  );
});

test('the owner reads the approved accounts, their own flat only', async () => {
  const page = await owner.newPage();
  await page.goto('/accounts');
  await expect(page.getByRole('button', { name: String(last) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`Cuentas aprobadas en la junta del ${today}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('row', { name: /Gastos 121,00 €/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mi vivienda' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^1º A 60,50 € 125,00 € -64,50 €$/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^2º A/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Descargar el PDF' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Deuda pendiente por antigüedad' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});
