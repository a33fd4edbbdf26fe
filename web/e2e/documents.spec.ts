// The community's documents (issue #14) at a phone viewport: an admin uploads an acta PDF and watches
// its progress; an owner finds it under 'Última acta' and downloads the very same bytes; a tenant never
// sees a document for owners; deleting a one-year-old acta is refused with the day it may go.
import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { communityCode, newUser, signUpConfirmed } from './support/users';
import { startAppServer } from './support/engine';
import { pdf } from './support/files';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import type { ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext;
let owner: BrowserContext;
let tenant: BrowserContext;
let adminPage: Page;

const suffix = Date.now().toString(36);
const ACTA = `Acta de la junta ordinaria ${suffix}`;
const OLD_ACTA = `Acta de la junta de hace un año ${suffix}`;

/** A real PDF padded to about `mb` megabytes, so its upload takes long enough to watch. */
function bigPdf(mb: number): Buffer {
  return Buffer.concat([pdf(), Buffer.from(`%${'x'.repeat(78)}\n`.repeat(Math.round((mb * 1024 * 1024) / 80)))]);
}

/** The date of `years` years ago, as the API takes it. */
function yearsAgo(years: number): Date {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return d;
}

function isoDay(d: Date): string {
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function categoryId(context: BrowserContext, name: string): Promise<string> {
  const res = await context.request.get('/api/v1/documents/categories');
  expect(res.status()).toBe(200);
  const { categories } = (await res.json()) as { categories: { id: string; name: string }[] };
  const found = categories.find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

const acta = bigPdf(3);

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('documents');
  admin = await phoneContext(browser, server.url);
  owner = await phoneContext(browser, server.url);
  tenant = await phoneContext(browser, server.url);
  await signUpConfirmed(admin, newUser('Adela Administradora'), {
    create: { name: 'Comunidad Calle Real', address: 'Calle Real 5', city: 'Toledo', postalCode: '45001' },
  });
  const code = await communityCode(admin);
  await signUpConfirmed(owner, newUser('Olga Propietaria'), { join: code });
  await signUpConfirmed(tenant, newUser('Teo Inquilino'), { join: code });
  // Olga owns 1º A once an admin confirms it; Teo lives there as her tenant.
  const unit = await owner.request.put('/api/v1/unit', { data: { unitNumber: 'A', floor: '1', building: 'Portal 1' } });
  expect(unit.status(), await unit.text()).toBe(200);
  const unitId = ((await unit.json()) as { unit: { id: string } }).unit.id;
  const claims = await admin.request.get('/api/v1/community/owner-claims?status=pending');
  for (const claim of ((await claims.json()) as { claims: { id: string }[] }).claims) {
    const review = await admin.request.post(`/api/v1/community/owner-claims/${claim.id}/review`, { data: { decision: 'approved' } });
    expect(review.status(), await review.text()).toBe(200);
  }
  const tenancy = await tenant.request.post('/api/v1/onboarding/choose-unit', { data: { unitId } });
  expect(tenancy.status(), await tenancy.text()).toBe(200);
  adminPage = await admin.newPage();
});

test.afterAll(async () => {
  await admin?.close();
  await owner?.close();
  await tenant?.close();
  await server?.stop();
});

test('an admin uploads an acta PDF and sees its progress', async () => {
  const page = adminPage;
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  await expect(page.getByText(/Las actas y las cuentas se conservan 5 años/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Última acta' })).toHaveCount(0); // none yet
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Subir documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir documento' });
  await dialog.getByLabel('Archivo').setInputFiles({ name: 'Acta junta ordinaria.pdf', mimeType: 'application/pdf', buffer: acta });
  await dialog.getByLabel('Título').fill(ACTA);
  await dialog.getByLabel('Categoría').selectOption({ label: 'Actas' });
  await dialog.getByLabel('Quién puede verlo').selectOption({ label: 'Solo propietarios' });
  await page.screenshot({ path: test.info().outputPath('upload-form.png'), fullPage: true });

  // Slow the upload down (Chromium's network emulation), so the progress can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024, // bytes per second: about 3 s for the acta
  });
  await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
  const progress = dialog.getByRole('progressbar', { name: /Progreso de la subida de Acta junta ordinaria\.pdf/ });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^[1-9][0-9]?$/, { timeout: 20_000 }); // under way: 1–99 %
  await page.screenshot({ path: test.info().outputPath('upload-progress.png') });
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const card = page.getByRole('article', { name: ACTA });
  await expect(card).toBeVisible();
  await expect(card.getByText('Solo propietarios')).toBeVisible();
  await expect(card.getByText(/· PDF · 3 MB/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Última acta' }).getByRole('button', { name: ACTA })).toBeVisible();

  // The detail: its version, with the uploader, format, size and SHA-256, and the retention rule.
  await card.getByRole('button', { name: ACTA }).click();
  const detail = page.getByRole('dialog', { name: ACTA });
  await expect(detail.getByText(/^Este documento debe conservarse hasta el /)).toBeVisible();
  await expect(detail.getByText(/Subida por Adela Administradora/)).toBeVisible();
  await expect(detail.getByText(/Acta junta ordinaria\.pdf · PDF · 3 MB/)).toBeVisible();
  await expect(detail.getByText(/SHA-256: [0-9a-f]{64}/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await detail.press('Escape');
  await expect(detail).toBeHidden();
});

test("an owner finds it under 'Última acta' and downloads the same bytes", async () => {
  const page = await owner.newPage();
  await page.goto('/documents');
  const quick = page.getByRole('region', { name: 'Última acta' });
  await expect(quick.getByRole('button', { name: ACTA })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Estado de cuentas' })).toHaveCount(0); // no accounts yet
  await expectNoHorizontalScroll(page);
  const [download] = await Promise.all([page.waitForEvent('download'), quick.getByRole('link', { name: `Descargar ${ACTA}` }).click()]);
  expect(download.suggestedFilename()).toBe('Acta junta ordinaria.pdf');
  const saved = await download.path();
  expect(fs.readFileSync(saved).equals(acta)).toBe(true);
  await page.close();

  // Admins see who opened it.
  await adminPage.reload();
  await expect(adminPage.getByRole('article', { name: ACTA }).getByText(/^Abierto por 1 de 2$/)).toBeVisible();
});

test('a tenant does not see a document for owners', async () => {
  const page = await tenant.newPage();
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  await expect(page.getByText('Todavía no hay documentos')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Última acta' })).toHaveCount(0);
  await expect(page.getByText(ACTA)).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Buscar documentos' }).fill('junta ordinaria');
  await expect(page.getByText('No se encontraron documentos')).toBeVisible();
  // Not even its file: the admin's own link answers 404 to the tenant.
  const list = await admin.request.get('/api/v1/documents');
  const doc = ((await list.json()) as { items: { title: string; current: { downloadUrl: string } }[] }).items.find((d) => d.title === ACTA);
  expect(doc).toBeDefined();
  expect((await tenant.request.get(doc?.current.downloadUrl ?? '')).status()).toBe(404);
  await page.close();
});

test('deleting a one-year-old acta is refused with the day it may go', async () => {
  const date = yearsAgo(1);
  const query = new URLSearchParams({
    categoryId: await categoryId(admin, 'Actas'),
    title: OLD_ACTA,
    date: isoDay(date),
    visibility: 'all',
    fileName: 'acta-antigua.pdf',
  });
  const created = await admin.request.post(`/api/v1/documents?${query.toString()}`, { data: pdf() });
  expect(created.status(), await created.text()).toBe(201);
  const until = new Date(date);
  until.setFullYear(until.getFullYear() + 5);
  const untilText = `${String(until.getDate()).padStart(2, '0')}/${String(until.getMonth() + 1).padStart(2, '0')}/${String(until.getFullYear())}`;

  const page = adminPage;
  await page.goto('/documents');
  await page.getByRole('article', { name: OLD_ACTA }).getByRole('button', { name: OLD_ACTA }).click();
  const detail = page.getByRole('dialog', { name: OLD_ACTA });
  await detail.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar documento?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm.getByText('Indica el motivo de la eliminación')).toBeVisible();
  await confirm.getByLabel('Motivo de la eliminación').fill('Está duplicada');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(`Este documento debe conservarse hasta el ${untilText}`);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('delete-refused.png') });
  await confirm.press('Escape');
  await expect(confirm).toBeHidden();
  await detail.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page.getByRole('article', { name: OLD_ACTA })).toBeVisible(); // still there
});
