// The announcements board and the directory between an admin and a resident of one community: a
// pinned critical announcement with an image and an uploaded PDF, read receipts, reactions, the
// dashboard's unread tally, and the directory's search and role chips, at a phone viewport.
// Its own server: the users made here count towards that server's rate limits only.
import { request as apiRequest, type BrowserContext, type Page } from '@playwright/test';
import { neighbours } from './support/users';
import { expect, expectNoHorizontalScroll, test } from './support/fixtures';
import { pdf, png } from './support/files';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext; // creates the community: its admin
let resident: BrowserContext; // joins with the community code
let adminPage: Page;
let residentPage: Page;

const suffix = Date.now().toString(36);
const OLD = `Horario de la piscina ${suffix}`;
const CRITICAL = `Corte de agua el lunes ${suffix}`;

/** The signed-in user's unread announcements, as the dashboard counts them. */
async function unreadTally(context: BrowserContext): Promise<number> {
  const res = await context.request.get('/api/v1/dashboard');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { unreadAnnouncements: number }).unreadAnnouncements;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  server = await startAppServer('announcements-directory');
  [{ context: admin, page: adminPage }, { context: resident, page: residentPage }] = await neighbours(
    browser,
    server.url,
    { name: 'Comunidad Plaza Mayor', address: 'Plaza Mayor 3', city: 'Salamanca', postalCode: '37002' },
    ['Marta Administradora', 'Luis Residente'],
  );
});

test.afterAll(async () => {
  await admin?.close();
  await resident?.close();
  await server?.stop();
});

test('an admin publishes a pinned critical announcement with an image and a PDF', async () => {
  const page = adminPage;
  // An older, ordinary one first, so that pinning has something to jump over.
  const old = await admin.request.post('/api/v1/announcements', { data: { title: OLD, description: 'De 10:00 a 21:00' } });
  expect(old.status(), await old.text()).toBe(201);

  await page.goto('/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Tablón de anuncios' })).toBeVisible();
  await expect(page.getByRole('article', { name: OLD })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Nuevo', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo comunicado' });
  await expect(dialog.getByLabel('Prioridad')).toHaveValue('normal');
  await expect(dialog.getByLabel('Tipo')).toHaveValue('general');
  await dialog.getByLabel('Título').fill(CRITICAL);
  await dialog.getByLabel(/^Descripción/).fill('Se cortará el agua de 9:00 a 12:00 por obras en la acometida.');
  await dialog.getByLabel('Prioridad').selectOption({ label: 'Crítico' });
  await dialog.getByLabel('Tipo').selectOption({ label: 'Mantenimiento' });
  await dialog.getByRole('checkbox', { name: /Fijar en el tablón/ }).check();
  await dialog.getByLabel(/^Imagen/).setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: png() });
  await expect(dialog.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
  // The PDF is uploaded rather than linked: its name links to it and the link field goes away.
  await dialog.getByLabel(/^Documento PDF/).setInputFiles({ name: 'acta-junta.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(dialog.getByRole('link', { name: /acta-junta\.pdf/ })).toHaveAttribute('href', /^\/files\/community-documents\//);
  await expect(dialog.getByLabel(/^O un enlace a un PDF/)).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('announcement-form.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Publicar' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('announcement-form-files.png') });
  await dialog.getByRole('button', { name: 'Publicar' }).click();

  await expect(page.getByText('Comunicado creado', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const first = page.getByRole('article').first();
  await expect(first).toHaveAccessibleName(CRITICAL);
  await expect(first.getByRole('img', { name: 'Fijado' })).toBeVisible();
  await expect(first.getByText('Crítico')).toBeVisible();
});

test('a resident sees it first and unread, opens it, gets the PDF, reacts and changes the reaction', async () => {
  const page = residentPage;
  const before = await unreadTally(resident);
  expect(before).toBe(2);

  await page.goto('/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Tablón de anuncios' })).toBeVisible();
  // A non-admin has no 'Nuevo'.
  await expect(page.getByRole('article', { name: CRITICAL })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo', exact: true })).toHaveCount(0);
  const card = page.getByRole('article').first();
  await expect(card).toHaveAccessibleName(CRITICAL);
  await expect(card).toHaveAttribute('data-unread', 'true');
  await expect(card.getByText('No leído')).toBeVisible();
  await expect(card.getByText('Por Marta Administradora')).toBeVisible();
  await expect(card.getByText(/^hace /)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('announcements-board.png'), fullPage: true });

  await card.getByRole('button', { name: CRITICAL }).click();
  const detail = page.getByRole('dialog', { name: CRITICAL });
  await expect(detail.getByText(/^Leído por 1 de \d+ usuarios$/)).toBeVisible();
  await expect(detail.getByText('Marta Administradora')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(detail.getByRole('img', { name: `Imagen de «${CRITICAL}»` })).toBeVisible();
  const pdf = detail.getByRole('link', { name: /Ver documento PDF/ });
  await expect(pdf).toBeVisible();
  await expect(pdf).toHaveAttribute('target', '_blank');
  await expect(pdf).toHaveAttribute('rel', /\bnoopener\b/);
  const href = (await pdf.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/files\/community-documents\/[0-9a-f-]{36}\/\d+\.pdf$/);
  // The resident (a member of the admin's community) gets the PDF; someone signed out does not.
  const file = await resident.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const signedOut = await apiRequest.newContext({ baseURL: server.url });
  expect((await signedOut.get(href)).status()).toBe(404);
  await signedOut.dispose();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('announcement-detail.png'), fullPage: true });

  await detail.getByRole('button', { name: 'Ver la imagen a pantalla completa' }).click();
  const full = page.getByRole('dialog', { name: 'Imagen a pantalla completa' });
  await expect(full.getByRole('img')).toBeVisible();
  // Pressed on the full-screen dialog itself, so that a busy machine cannot send it to the one below.
  await full.press('Escape');
  await expect(full).toBeHidden();

  await detail.getByRole('button', { name: 'Me gusta: 0', exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Me gusta: 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await detail.getByRole('button', { name: 'Importante: 0', exact: true }).click();
  await expect(detail.getByRole('button', { name: 'Importante: 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(detail.getByRole('button', { name: 'Me gusta: 0', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await expect(card.getByText('No leído')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Importante: 1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await unreadTally(resident)).toBe(before - 1);

  // The dashboard's 'Nuevos anuncios' agrees.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: `${before - 1} Nuevos anuncios` })).toBeVisible();

  // The admin sees the receipt and the reaction.
  await adminPage.reload();
  const adminCard = adminPage.getByRole('article', { name: CRITICAL });
  await expect(adminCard.getByText(/^Leído por 1 de \d+ usuarios$/)).toBeAttached();
  await expect(adminCard.getByRole('button', { name: 'Importante: 1', exact: true })).toHaveAttribute('aria-pressed', 'false');
});

test('the filter drawer narrows the board', async () => {
  const page = residentPage;
  await page.goto('/announcements');
  await expect(page.getByRole('article', { name: OLD })).toBeVisible();
  await page.getByRole('button', { name: 'Filtros' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filtros' });
  await drawer.getByRole('checkbox', { name: 'Crítico' }).check();
  await expectNoHorizontalScroll(page);
  await drawer.getByRole('button', { name: 'Ver comunicados' }).click();
  await expect(page.getByRole('article', { name: OLD })).toHaveCount(0);
  await expect(page.getByRole('article', { name: CRITICAL })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar comunicados' }).fill('piscina');
  await expect(page.getByText('No se encontraron comunicados')).toBeVisible();
});

test('the directory searches by name and filters by role', async () => {
  const page = residentPage;
  await page.goto('/directory');
  await expect(page.getByRole('heading', { level: 1, name: 'Directorio' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Marta Administradora' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Luis Residente' })).toBeVisible();
  await expect(page.getByText('Residentes Activos')).toBeVisible();
  await expect(page.getByText('Propietarios', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Marta Administradora' }).getByText('Administrador', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('directory.png'), fullPage: true });

  // Accents and case ignored by the server; typing is debounced.
  await page.getByRole('searchbox', { name: 'Buscar por nombre o vivienda' }).fill('luis');
  await expect(page.getByRole('article', { name: 'Marta Administradora' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Luis Residente' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar por nombre o vivienda' }).fill('');

  const chips = page.getByRole('group', { name: 'Filtrar por rol' });
  await chips.getByRole('button', { name: 'Administrador' }).click();
  await expect(chips.getByRole('button', { name: 'Administrador' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article', { name: 'Luis Residente' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Marta Administradora' })).toBeVisible();

  await chips.getByRole('button', { name: 'Inquilino' }).click();
  await expect(page.getByText('No se encontraron residentes que coincidan con tu búsqueda.')).toBeVisible();
  await chips.getByRole('button', { name: 'Todos' }).click();
  await expect(page.getByRole('article', { name: 'Luis Residente' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
