// The administrador de fincas' office (issue #35, ADR 0045), at phone size: an administrador creates the
// office, a community invites it by its NIF and it accepts; from /despacho the administrador opens the
// community in the tab, follows its incident and answers it; an assistant with read rights reads the
// community but every write is refused. Its own server.
import type { BrowserContext, Page } from '@playwright/test';
import { communityCode, mailLink, newUser, signUpConfirmed } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const MAYOR = `Calle Mayor ${run}`;
const OFFICE = `Fincas Pérez ${run} S.L.`;
const INCIDENT = `Gotera en el portal ${run}`;

let server: ServerHandle;
let ana: BrowserContext; // the community's resident admin
let marta: BrowserContext; // the office's administrador
let iris: BrowserContext; // an assistant with read rights
let page: Page;
let communityId = '';
let incidentId = '';
let nif = '';
const irisUser = newUser('Iris Asistente');

/** A valid CIF of the run: B, seven digits and the control digit. */
function cif(): string {
  const digits = String(Date.now() % 10_000_000).padStart(7, '0');
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 0) {
      d *= 2;
      d = Math.floor(d / 10) + (d % 10);
    }
    sum += d;
  }
  return `B${digits}${(10 - (sum % 10)) % 10}`;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('despacho');
  ana = await phoneContext(browser, server.url);
  marta = await phoneContext(browser, server.url);
  iris = await phoneContext(browser, server.url);
  await signUpConfirmed(ana, newUser('Ana Mayor'), { create: { name: MAYOR, address: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013' } });
  await communityCode(ana);
  await signUpConfirmed(marta, newUser('Marta Pérez'), null);
  await signUpConfirmed(iris, irisUser, null);
  const me = (await (await ana.request.get('/api/v1/me')).json()) as { id: string; communityId: string };
  communityId = me.communityId;
  const created = await ana.request.post('/api/v1/incidents', { data: { title: INCIDENT, description: 'Cae agua', assignedTo: me.id } });
  expect(created.status(), await created.text()).toBe(201);
  incidentId = ((await created.json()) as { id: string }).id;
  page = await marta.newPage();
});

test.afterAll(async () => {
  await ana?.close();
  await marta?.close();
  await iris?.close();
  await server?.stop();
});

test('an administrador creates the office and invites an assistant with read rights', async () => {
  nif = cif();
  await page.goto('/despacho');
  await page.getByLabel('Nombre del despacho').fill(OFFICE);
  await page.getByLabel('NIF').fill(nif);
  await page.getByRole('button', { name: 'Crear despacho' }).click();
  await expect(page.getByRole('heading', { level: 1, name: OFFICE })).toBeVisible();
  await page.getByLabel('Email').fill(irisUser.email);
  await page.getByLabel('Permisos').selectOption('read');
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText('Invitación enviada', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);

  const link = new URL(await mailLink(iris.request, irisUser.email, '/despacho/unirse'));
  const irisPage = await iris.newPage();
  await irisPage.goto(link.pathname + link.search);
  await expect(irisPage.getByRole('heading', { level: 1, name: OFFICE })).toBeVisible();
  await irisPage.close();
});

test('the community invites the office by its NIF; the administrador accepts and follows an incident into it', async () => {
  const invited = await ana.request.post('/api/v1/community/processor', { data: { code: nif } });
  expect(invited.status(), await invited.text()).toBe(200);

  await page.goto('/despacho');
  const row = page.getByRole('list', { name: 'Comunidades' }).getByRole('listitem').filter({ hasText: MAYOR });
  await row.getByRole('button', { name: 'Aceptar' }).click();
  // The overview of a community it runs: its counters.
  await expect(row.getByText(/^Incidencias abiertas: [1-9]\d* de menos de 7 días/)).toBeVisible();
  await expect(row.getByText('Reservas por aprobar: 0')).toBeVisible();
  await row.getByRole('button', { name: `Abrir ${MAYOR}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/incidents');
  await page.getByRole('button', { name: `Editar incidencia: ${INCIDENT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Incidencia' });
  await dialog.getByLabel('Estado').selectOption({ label: 'En Progreso' });
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Incidencia actualizada', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // The community's settings show the office and since when; the audit log names who acted.
  const settings = await ana.newPage();
  await settings.goto('/settings/despacho');
  await expect(settings.getByText(OFFICE)).toBeVisible();
  await expect(settings.getByText(/Con acceso desde el/)).toBeVisible();
  await settings.close();
});

test('the administrador searches across the communities and publishes one announcement to several', async () => {
  await page.goto('/despacho');
  // The search: the incident by a word of its title, in its community, opened there.
  await page.getByLabel('Vecino, unidad o incidencia').fill(run);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const incidents = page.getByRole('list', { name: 'Incidencias' });
  await expect(incidents.getByText(INCIDENT)).toBeVisible();
  await expect(incidents.getByText(new RegExp(`^${MAYOR} · `))).toBeVisible();
  await expectNoHorizontalScroll(page);
  await incidents.getByRole('button', { name: `Abrir ${INCIDENT} en ${MAYOR}` }).click();
  await expect(page).toHaveURL(/\/incidents$/);
  await expect(page.getByText(INCIDENT).first()).toBeVisible();

  // One announcement to the communities chosen; the result of each.
  await page.goto('/despacho');
  const bulk = page.getByRole('form', { name: 'Acciones en varias comunidades' });
  await bulk.getByLabel(MAYOR).check();
  await bulk.getByLabel('Título del comunicado').fill(`Corte de agua ${run}`);
  await bulk.getByLabel('Texto').fill('El lunes de 9 a 12');
  await bulk.getByRole('button', { name: 'Aplicar en 1 comunidad' }).click();
  await expect(page.getByRole('list', { name: 'Resultado por comunidad' }).getByText(`${MAYOR}: hecho`)).toBeVisible();
  await expectNoHorizontalScroll(page);
  const board = (await (await ana.request.get('/api/v1/announcements')).json()) as { items: { title: string }[] };
  expect(board.items.map((a) => a.title)).toContain(`Corte de agua ${run}`);
});

test('an assistant with read rights reads the community, and a write is refused', async () => {
  const headers = { 'X-Vecinos-Community': communityId };
  const read = await iris.request.get(`/api/v1/incidents/${incidentId}`, { headers });
  expect(read.status(), await read.text()).toBe(200);
  const write = await iris.request.patch(`/api/v1/incidents/${incidentId}`, { headers, data: { status: 'resolved' } });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { detail: string }).detail).toBe('Tu acceso a esta comunidad es de solo lectura');
});
