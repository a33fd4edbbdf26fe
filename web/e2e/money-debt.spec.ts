// Who owes and the certificates of debt (issue #36) at the phone viewport: the owner sees 'Tienes 1 recibo
// pendiente' on the dashboard and downloads the receipt as PDF; the admin sees the debt report, issues the
// certificate of art. 9.1.e, and anyone checks it at its public address.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { twoFlatsWithAnOwner } from './support/money';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext;
let owner: BrowserContext;
let adminPage: Page;
let ownerPage: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('money-debt');
  admin = await phoneContext(browser, server.url);
  owner = await phoneContext(browser, server.url);
  await twoFlatsWithAnOwner(admin, owner, { name: 'Comunidad Los Olmos', address: 'Calle de los Olmos 7', city: 'Valencia', postalCode: '46001' }, 'Óscar Propietario');
  // This year's budget, approved in January; the first quarter's receipts fall due on 1 January.
  const year = new Date().getFullYear();
  const budget = (await (await admin.request.post('/api/v1/money/budgets', { data: { year } })).json()) as { id: string };
  const saved = await admin.request.put(`/api/v1/money/budgets/${budget.id}`, {
    data: { lines: [{ concept: 'Limpieza', groupId: 'general', amountCents: 200000 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const approved = await admin.request.post(`/api/v1/money/budgets/${budget.id}/approve`, { data: { juntaDate: `${year}-01-15` } });
  expect(approved.status(), await approved.text()).toBe(200);
  const generated = await admin.request.post('/api/v1/money/receipts/generate', { data: { year, period: 1 } });
  expect(generated.status(), await generated.text()).toBe(201);
  adminPage = await admin.newPage();
  ownerPage = await owner.newPage();
});

test.afterAll(async () => {
  await admin?.close();
  await owner?.close();
  await server?.stop();
});

test("the owner is told of the pending receipt, downloads it as PDF and sees what they owe", async () => {
  await ownerPage.goto('/dashboard');
  await ownerPage.getByRole('link', { name: 'Tienes 1 recibo pendiente' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Mis cuotas' })).toBeVisible();
  const receipt = ownerPage.getByRole('list', { name: 'Mis recibos' }).getByRole('listitem', { name: /1º A/ });
  const downloading = ownerPage.waitForEvent('download');
  await receipt.getByRole('link', { name: /Descargar el recibo .* en PDF/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^recibo-\d{4}-\d{6}\.pdf$/);
  // 'Lo que debo': their own unit only, never the neighbour's.
  const mine = ownerPage.getByRole('list', { name: 'Lo que debo' });
  await expect(mine.getByRole('listitem', { name: '1º A' })).toBeVisible();
  await expect(mine.getByRole('listitem', { name: '2º A' })).toHaveCount(0);
  await expectNoHorizontalScroll(ownerPage);
});

test('the admin sees the debt report, issues a certificate, and anyone checks it', async () => {
  test.setTimeout(180_000);
  await adminPage.goto('/money');
  const report = adminPage.getByRole('list', { name: 'Deudas' });
  await expect(report.getByRole('listitem', { name: '1º A' })).toBeVisible();
  await expect(report.getByRole('listitem', { name: '2º A' })).toBeVisible();
  await expect(report.getByText(/vencido hace \d+ días?/).first()).toBeVisible();

  const form = adminPage.getByRole('form', { name: 'Solicitud de certificado' });
  await form.getByLabel('Vivienda').selectOption({ label: '1º A · Óscar Propietario' });
  await form.getByRole('button', { name: 'Anotar la solicitud' }).click();
  const item = adminPage.getByRole('list', { name: 'Certificados' }).getByRole('listitem', { name: 'Certificado de deudas (art. 9.1.e) 1º A' });
  await expect(item.getByText(/plazo hasta el/)).toBeVisible();
  await item.getByLabel('Vº Bº del presidente (nombre)').fill('Pilar Presidenta');
  await item.getByRole('button', { name: 'Emitir certificado' }).click();
  const codeText = await item.getByText(/^Código /).textContent();
  const code = /Código (\S+)/.exec(codeText ?? '')?.[1] ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const downloading = adminPage.waitForEvent('download');
  await item.getByRole('link', { name: 'Descargar PDF' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^certificado-.*\.pdf$/);
  await expectNoHorizontalScroll(adminPage);

  // The public address printed on the certificate: no session needed.
  const visitor = await phoneContext(adminPage.context().browser()!, server.url);
  const page = await visitor.newPage();
  await page.goto(`/certificado/${code}`);
  await expect(page.getByText('Certificado válido')).toBeVisible();
  await expect(page.getByText(/1º A, comunidad «Comunidad Los Olmos»/)).toBeVisible();
  await expect(page.getByText(/^Adeuda /)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await visitor.close();
});
