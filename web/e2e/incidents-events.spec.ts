// Incidents and events between two neighbours of one community, and the dashboard counting them.
// Its own server: the users made here count towards that server's rate limits only.
import type { BrowserContext, Page } from '@playwright/test';
import { communityCode, newUser, signUpConfirmed } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { png } from './support/files';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let creator: BrowserContext; // the admin who creates the community, the incident and the event
let neighbour: BrowserContext; // a member who joins with the community code
let creatorPage: Page;
let neighbourPage: Page;

const INCIDENT = `Gotera en el garaje ${Date.now().toString(36)}`;
const EVENT = `Junta de vecinos ${Date.now().toString(36)}`;

/** The number a dashboard counter link shows (named as it reads: '1 Incidencias abiertas'). */
async function counter(page: Page, label: string): Promise<number> {
  const link = page.getByRole('link', { name: new RegExp(`^\\d+ ${label}$`) });
  await expect(link).toBeVisible();
  return Number((await link.textContent())?.trim().split(' ')[0]);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  server = await startAppServer('incidents-events');
  creator = await phoneContext(browser, server.url);
  neighbour = await phoneContext(browser, server.url);
  await signUpConfirmed(creator, newUser('Ana Creadora'), {
    create: { name: 'Comunidad Río Ebro', address: 'Calle del Río Ebro 7, Piso 2º', city: 'Zaragoza', postalCode: '50001' },
  });
  await signUpConfirmed(neighbour, newUser('Beto Vecino'), { join: await communityCode(creator) });
  creatorPage = await creator.newPage();
  neighbourPage = await neighbour.newPage();
});

test.afterAll(async () => {
  await creator?.close();
  await neighbour?.close();
  await server?.stop();
});

test('the dashboard greets the user, shows the community and fits the phone', async () => {
  const page = creatorPage;
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Ana Creadora' })).toBeVisible();
  await expect(page.getByText('Comunidad Río Ebro · Calle del Río Ebro 7')).toBeVisible();
  expect(await counter(page, 'Incidencias abiertas')).toBe(0);
  expect(await counter(page, 'Próximos eventos')).toBe(0);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoHorizontalScroll(page);
});

test('a member reports an incident with a photo; the other member sees it but cannot edit it', async () => {
  const page = creatorPage;
  await page.goto('/incidents');
  await expect(page.getByRole('heading', { level: 1, name: 'Incidencias' })).toBeVisible();
  await expect(page.getByText('No hay incidencias registradas')).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Nueva Incidencia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Incidencia' });
  await dialog.getByLabel('Título').fill(INCIDENT);
  await dialog.getByLabel('Descripción').fill('Cae agua junto a la plaza 12');
  await dialog.getByLabel('Ubicación').fill('Garaje, planta -1');
  await dialog.getByLabel('Prioridad').selectOption({ label: 'Alta' });
  await dialog.getByLabel('Asignada a').selectOption({ label: 'Beto Vecino' });
  await dialog.getByLabel('Imagen').setInputFiles({ name: 'gotera.png', mimeType: 'image/png', buffer: png() });
  await expect(dialog.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Crear Incidencia' }).click();

  await expect(page.getByText('Incidencia creada', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: INCIDENT });
  await expect(card).toBeVisible();
  await expect(card.getByText('Abierta')).toBeVisible();
  await expect(card.getByText('Alta')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^\/files\/incident-images\//);
  await expect(card.getByRole('button', { name: `Editar incidencia: ${INCIDENT}` })).toBeVisible();

  // The neighbour sees it, with the photo, but no Edit or Delete.
  const other = neighbourPage;
  await other.goto('/incidents');
  const seen = other.getByRole('article', { name: INCIDENT });
  await expect(seen).toBeVisible();
  await expect(seen.getByText('Asignada a Beto Vecino')).toBeVisible();
  await expect(seen.locator('img')).toHaveJSProperty('complete', true);
  expect(await seen.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  await expect(seen.getByRole('button', { name: /Editar|Eliminar/ })).toHaveCount(0);
  await seen.getByRole('button', { name: INCIDENT, exact: true }).click();
  const detail = other.getByRole('dialog', { name: INCIDENT });
  await expect(detail.getByText('Creada como Abierta')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Cerrar' }).click();

  // 'Mis incidencias' of the neighbour holds it too: it is assigned to them.
  await other.getByRole('button', { name: 'Mis incidencias' }).click();
  await expect(other.getByRole('article', { name: INCIDENT })).toBeVisible();

  // And the API refuses the neighbour's edit and delete.
  const list = await neighbour.request.get('/api/v1/incidents');
  const items = ((await list.json()) as { items: { id: string; title: string; canEdit: boolean }[] }).items;
  const incident = items.find((i) => i.title === INCIDENT);
  expect(incident?.canEdit).toBe(false);
  const patch = await neighbour.request.patch(`/api/v1/incidents/${incident?.id}`, { data: { status: 'resolved' } });
  expect(patch.status()).toBe(403);
  const del = await neighbour.request.delete(`/api/v1/incidents/${incident?.id}`);
  expect(del.status()).toBe(403);

  await creatorPage.goto('/dashboard');
  expect(await counter(creatorPage, 'Incidencias abiertas')).toBe(1);
  await expect(creatorPage.getByRole('link', { name: /Nuevas incidencias\s*1/ })).toBeVisible();
});

test('the creator marks the incident resolved; the history shows the change', async () => {
  const page = creatorPage;
  await page.goto('/incidents');
  await page.getByRole('button', { name: `Editar incidencia: ${INCIDENT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Incidencia' });
  await expect(dialog.getByLabel('Título')).toHaveValue(INCIDENT);
  await dialog.getByLabel('Estado').selectOption({ label: 'Resuelta' });
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();

  await expect(page.getByText('Incidencia actualizada', { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: INCIDENT });
  await expect(card.getByText('Resuelta')).toBeVisible();
  await card.getByRole('button', { name: INCIDENT, exact: true }).click();
  const detail = page.getByRole('dialog', { name: INCIDENT });
  const history = detail.getByRole('listitem').filter({ hasText: 'Resuelta' });
  await expect(history).toContainText('Abierta');
  await expect(history).toContainText('Ana Creadora');
  await detail.getByRole('button', { name: 'Cerrar' }).click();

  await page.goto('/dashboard');
  expect(await counter(page, 'Incidencias abiertas')).toBe(0);
});

test("an event created from the calendar shows under 'Hoy' in the list, for both members", async () => {
  const page = creatorPage;
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  await expect(page.getByText('No hay eventos próximos')).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Calendario', exact: true }).click();
  await expect(page.getByText('No hay eventos en esta fecha')).toBeVisible();
  await expectNoHorizontalScroll(page);
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, minutes: d.getHours() * 60 + d.getMinutes() };
  });
  // Later today, so it also counts as upcoming (unless the test runs in the last minutes of the day).
  const upcoming = today.minutes < 23 * 60 + 55;
  await page.getByRole('button', { name: 'Nuevo Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Evento' });
  await expect(dialog.getByLabel('Fecha')).toHaveValue(today.date);
  const create = dialog.getByRole('button', { name: 'Crear Evento' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Título').fill(EVENT);
  await dialog.getByLabel('Ubicación').fill('Portal');
  await dialog.getByLabel('Hora de inicio').fill('23:58');
  await dialog.getByLabel('Hora de fin').fill('23:59');
  await create.click();

  await expect(page.getByText('Evento creado', { exact: true })).toBeVisible();
  const ofDay = page.getByRole('region', { name: /^Eventos del / });
  await expect(ofDay.getByRole('article', { name: EVENT })).toBeVisible();
  await expect(ofDay.getByText('23:58 – 23:59')).toBeVisible();
  await expect(page.locator(`[data-day="${today.date}"]`)).toHaveAccessibleName(/con eventos$/);

  await page.getByRole('button', { name: 'Lista', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Hoy' }).getByRole('article', { name: EVENT })).toBeVisible();
  await expectNoHorizontalScroll(page);

  const other = neighbourPage;
  await other.goto('/events');
  const seen = other.getByRole('region', { name: 'Hoy' }).getByRole('article', { name: EVENT });
  await expect(seen).toBeVisible();
  await expect(seen.getByText('Organiza Ana Creadora')).toBeVisible();
  await expect(seen.getByRole('button', { name: /Editar|Eliminar/ })).toHaveCount(0);

  await page.goto('/dashboard');
  if (upcoming) expect(await counter(page, 'Próximos eventos')).toBe(1);
  await expect(page.getByRole('link', { name: /Nuevos eventos\s*1/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
