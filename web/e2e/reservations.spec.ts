// Reservations (issue #13) at the phone viewport: an admin creates the community room, a resident books
// it from the calendar, a second resident sees the slot taken live and cannot book it, the first cancels
// and the slot is free again for both. Its own server: the users made here count towards its limits only.
import type { BrowserContext, Page } from '@playwright/test';
import { communityCode, newUser, signUpConfirmed } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext;
let ana: BrowserContext; // books
let beto: BrowserContext; // watches the same day
let adminPage: Page;
let anaPage: Page;
let betoPage: Page;

const SLOT = '18:00–19:00';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('reservations');
  admin = await phoneContext(browser, server.url);
  ana = await phoneContext(browser, server.url);
  beto = await phoneContext(browser, server.url);
  await signUpConfirmed(admin, newUser('Carmen Presidenta'), {
    create: { name: 'Comunidad Sol 3', address: 'Calle del Sol 3', city: 'Sevilla', postalCode: '41001' },
  });
  const code = await communityCode(admin);
  await signUpConfirmed(ana, newUser('Ana Residente'), { join: code });
  await signUpConfirmed(beto, newUser('Beto Residente'), { join: code });
  // Each resident lives in a unit: the monthly quota is the unit's.
  for (const [context, unit] of [
    [ana, '1A'],
    [beto, '2B'],
  ] as const) {
    const res = await context.request.put('/api/v1/unit', { data: { unitNumber: unit } });
    expect(res.status(), await res.text()).toBe(200);
  }
  adminPage = await admin.newPage();
  anaPage = await ana.newPage();
  betoPage = await beto.newPage();
});

test.afterAll(async () => {
  await admin?.close();
  await ana?.close();
  await beto?.close();
  await server?.stop();
});

/** Opens the calendar of next month (always in the future) on its 15th. */
async function openDay(page: Page): Promise<void> {
  await page.goto('/reservations');
  await page.getByRole('tab', { name: 'Calendario' }).click();
  await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await page.getByRole('button', { name: /, 15 de \S+: / }).click();
}

function slot(page: Page, state: string) {
  return page.getByRole('button', { name: `${SLOT}: ${state}` });
}

test('an admin creates the community room with a €50 deposit, open 09:00–22:00', async () => {
  const page = adminPage;
  await page.goto('/reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'Reservas' })).toBeVisible();
  await expect(page.getByText('Todavía no hay instalaciones')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva instalación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva instalación' });
  await dialog.getByLabel('Nombre').fill('Sala comunitaria');
  await dialog.getByLabel('Fianza (€)').fill('50');
  await expect(dialog.getByLabel('Abre')).toHaveValue('09:00');
  await expect(dialog.getByLabel('Cierra')).toHaveValue('22:00');
  await dialog.getByLabel('Normas').fill('Dejar la sala limpia y recogida');
  await dialog.getByRole('button', { name: 'Crear instalación' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Instalaciones' });
  await expect(list.getByRole('heading', { name: 'Sala comunitaria' })).toBeVisible();
  await expect(list.getByText('Fianza 50 €')).toBeVisible();
  const rules = page.getByRole('complementary', { name: 'Normas: Sala comunitaria' });
  await expect(rules.getByText('Máximo 2 reservas al mes por vivienda')).toBeVisible();
  await expect(rules.getByText('Horario: 09:00–22:00')).toBeVisible();
  await expect(rules.getByText('Cancelación gratuita hasta 24 h antes')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('a resident books from the calendar; the other sees the slot taken live and cannot book it', async () => {
  // Beto has the day open before Ana books: his calendar must change without a reload.
  await openDay(betoPage);
  await expect(slot(betoPage, 'Libre')).toBeEnabled();

  await openDay(anaPage);
  await expectNoHorizontalScroll(anaPage);
  await slot(anaPage, 'Libre').click();
  const dialog = anaPage.getByRole('dialog', { name: 'Confirmar reserva' });
  await expect(dialog.getByText('Fianza de 50 €, que se entrega a la administración')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reservar' }).click();
  await expect(dialog).toBeHidden();
  await expect(slot(anaPage, 'Tu reserva')).toBeVisible();
  const mine = anaPage.getByRole('region', { name: 'Mis Reservas' });
  await expect(mine.getByText('Sala comunitaria')).toBeVisible();
  await expect(mine.getByText('Confirmada')).toBeVisible();
  await expect(mine.getByText('pendiente')).toBeVisible();

  await expect(slot(betoPage, 'Ocupado')).toBeDisabled({ timeout: 15_000 });
  // Nor through the API: the server refuses it.
  const day = await anaPage.evaluate(async () => {
    const res = await fetch('/api/v1/reservations');
    const body = (await res.json()) as { items: { date: string; facilityId: string }[] };
    return body.items[0];
  });
  const res = await beto.request.post('/api/v1/reservations', {
    data: { facilityId: day?.facilityId, date: day?.date, start: '18:00', end: '19:00' },
  });
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { detail: string }).detail).toBe('Ese horario ya está reservado');
});

test('the resident cancels and the slot is free again for both', async () => {
  const mine = anaPage.getByRole('region', { name: 'Mis Reservas' });
  await mine.getByRole('button', { name: 'Cancelar' }).click();
  const confirm = anaPage.getByRole('alertdialog', { name: '¿Cancelar la reserva?' });
  await confirm.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(mine.getByText('Cancelada')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Cancelar' })).toBeHidden();
  await expect(slot(anaPage, 'Libre')).toBeEnabled();
  await expect(slot(betoPage, 'Libre')).toBeEnabled({ timeout: 15_000 });
});

test("a neighbour cannot open someone else's booking: it does not exist for them (issue #33)", async () => {
  const id = await anaPage.evaluate(async () => {
    const facilities = (await (await fetch('/api/v1/facilities')).json()) as { items: { id: string }[] };
    const next = new Date(Date.now() + 40 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const res = await fetch('/api/v1/reservations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ facilityId: facilities.items[0]?.id, date: next, start: '12:00', end: '13:00' }),
    });
    return ((await res.json()) as { id: string }).id;
  });
  const read = (page: Page) =>
    page.evaluate(async (path) => {
      const res = await fetch(path);
      return { status: res.status, body: (await res.json()) as { detail?: string; userName?: string } };
    }, `/api/v1/reservations/${id}`);
  const ana = await read(anaPage);
  expect(ana.status).toBe(200);
  expect(ana.body.userName).toBe('Ana Residente');
  const beto = await read(betoPage);
  expect(beto.status).toBe(404);
  expect(beto.body.detail).toBe('La reserva no existe');
  expect(JSON.stringify(beto.body)).not.toContain('Ana');
  expect((await read(adminPage)).status).toBe(200);
});

test("the calendar stops at the facility's booking horizon, which an admin sets", async () => {
  await adminPage.goto('/reservations');
  await adminPage.getByRole('list', { name: 'Instalaciones' }).getByRole('button', { name: 'Editar' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Editar instalación' });
  await expect(dialog.getByLabel('Reservas con antelación máxima (días)')).toHaveValue('90');
  await dialog.getByLabel('Reservas con antelación máxima (días)').fill('20');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog).toBeHidden();

  // The last date is 20 days after today in Madrid; the calendar goes no further.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1, d + 20, 12));
  const after = new Date(Date.UTC(y, m - 1, d + 21, 12));
  await betoPage.goto('/reservations');
  await betoPage.getByRole('tab', { name: 'Calendario' }).click();
  const next = betoPage.getByRole('button', { name: 'Mes siguiente' });
  if (last.getUTCMonth() !== m - 1) await next.click();
  await expect(next).toBeDisabled();
  await expect(betoPage.getByText(/Se puede reservar con hasta 20 días de antelación/)).toBeVisible();
  await expect(betoPage.getByRole('button', { name: new RegExp(`, ${String(last.getUTCDate())} de \\S+: \\d+ huecos? libres?$`) })).toBeEnabled();
  if (after.getUTCMonth() === last.getUTCMonth()) {
    const beyond = betoPage.getByRole('button', { name: new RegExp(`, ${String(after.getUTCDate())} de \\S+: Todavía no se puede reservar$`) });
    await expect(beyond).toBeDisabled();
  }
  // Nor does the server take it.
  const facilityId = await betoPage.evaluate(async () => {
    const body = (await (await fetch('/api/v1/facilities')).json()) as { items: { id: string }[] };
    return body.items[0]?.id;
  });
  const res = await beto.request.post('/api/v1/reservations', {
    data: { facilityId, date: after.toISOString().slice(0, 10), start: '10:00', end: '11:00' },
  });
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { detail: string }).detail).toMatch(/^Solo se puede reservar con hasta 20 días de antelación/);
});
