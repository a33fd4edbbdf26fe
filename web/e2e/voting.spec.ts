// Voting (issue #15) at a phone viewport: an admin sets the coeficientes and opens a junta vote; two
// owners vote, one of them also for the neighbour who delegated her vote to him for the whole junta
// (art. 15.1); '(Tu voto)' shows; the admin, whose screen follows the participation live, closes it; the
// result shows both majorities and the CSV downloads; a second vote of the same junta finds the
// representation already there; in a secret consulta nobody, the admin included, sees a count before the
// close, and a vote is changed with the key its device kept (issue 33). Its own server: the users made here count towards its rate limits.
import fs from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { communityCode, newUser, signUpConfirmed } from './support/users';
import { startAppServer } from './support/engine';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import type { ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext;
let ana: BrowserContext; // owner of 1A (40 %), votes for herself and for Carla
let ben: BrowserContext; // owner of 1B (35 %)
let carla: BrowserContext; // owner of 2A (25 %), represented by Ana
let adminPage: Page;
const TITLE = `Cambio del ascensor ${Date.now().toString(36)}`;

/** The member of this context says they own a unit; the admin confirms every pending claim afterwards. */
async function claimUnit(context: BrowserContext, unitNumber: string, floor: string): Promise<void> {
  const res = await context.request.put('/api/v1/unit', { data: { unitNumber, floor } });
  expect(res.status(), await res.text()).toBe(200);
}

async function confirmOwners(context: BrowserContext): Promise<void> {
  const res = await context.request.get('/api/v1/community/owner-claims?status=pending');
  expect(res.status()).toBe(200);
  const { claims } = (await res.json()) as { claims: { id: string }[] };
  expect(claims).toHaveLength(3);
  for (const c of claims) {
    const review = await context.request.post(`/api/v1/community/owner-claims/${c.id}/review`, { data: { decision: 'approved' } });
    expect(review.status(), await review.text()).toBe(200);
  }
}

function pollCard(page: Page) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('voting');
  [admin, ana, ben, carla] = await Promise.all([0, 1, 2, 3].map(() => phoneContext(browser, server.url)));
  await signUpConfirmed(admin, newUser('Adela Administradora'), {
    create: { name: 'Comunidad Ascensor', address: 'Calle del Ascensor 4', city: 'Madrid', postalCode: '28004' },
  });
  const code = await communityCode(admin);
  await signUpConfirmed(ana, newUser('Ana Alonso'), { join: code });
  await signUpConfirmed(ben, newUser('Ben Bravo'), { join: code });
  await signUpConfirmed(carla, newUser('Carla Cano'), { join: code });
  await claimUnit(ana, '1A', '1');
  await claimUnit(ben, '1B', '1');
  await claimUnit(carla, '2A', '2');
  await confirmOwners(admin);
  adminPage = await admin.newPage();
});

test.afterAll(async () => {
  await Promise.all([admin, ana, ben, carla].map((c) => c?.close()));
  await server?.stop();
});

test('an admin sets the coeficientes and opens a junta vote', async () => {
  test.slow(); // the registry, then the vote's form
  const page = adminPage;
  await page.goto('/settings/units');
  await expect(page.getByRole('heading', { level: 1, name: 'Viviendas y locales' })).toBeVisible();
  for (const [unit, cuota] of [['1A', '40'], ['1B', '35'], ['2A', '25']]) {
    await page.getByRole('button', { name: `Editar ${unit}` }).click();
    const form = page.getByRole('form', { name: `Editar ${unit}` });
    await form.getByLabel('Coeficiente (%)').fill(cuota);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form).toBeHidden();
  }
  await expect(page.getByText('No suman 100 %')).toBeHidden();

  await page.goto('/voting');
  await expect(page.getByRole('heading', { level: 1, name: 'Votaciones' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Votación' }).click();
  const form = page.getByRole('form', { name: 'Nueva Votación' });
  await form.getByLabel('Tipo').selectOption('junta');
  await form.getByLabel('Título').fill(TITLE);
  await form.getByLabel('Mayoría requerida').selectOption('simple');
  await form.getByRole('button', { name: 'Crear borrador' }).click();
  await expect(form).toBeHidden();

  const card = pollCard(page);
  await expect(card.getByText('Borrador')).toBeVisible();
  await expect(card.getByText('Los coeficientes suman 100 %')).toBeVisible();
  await card.getByRole('button', { name: 'Abrir votación' }).click();
  await expect(card.getByText('Activa')).toBeVisible();
  await expect(card.getByText('Participación: 0 de 3 propietarios con voto (0 %)')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('two owners vote, one of them also for the neighbour he represents', async () => {
  test.slow(); // three people, each on their own phone
  // Carla delegates her vote to Ana for every vote of the junta (art. 15.1).
  const carlaPage = await carla.newPage();
  await carlaPage.goto('/voting');
  let card = pollCard(carlaPage);
  await card.getByLabel('Delegar mi voto en').selectOption({ label: 'Ana Alonso' });
  await card.getByRole('checkbox', { name: /Para todas las votaciones de la junta del/ }).check();
  await card.getByRole('button', { name: 'Delegar' }).click();
  await expect(card.getByText(/Has delegado tu voto en Ana Alonso para toda la junta del/)).toBeVisible();

  const anaPage = await ana.newPage();
  await anaPage.goto('/voting');
  card = pollCard(anaPage);
  const own = card.getByRole('form', { name: 'Tu voto' });
  await own.getByRole('radio', { name: 'A favor' }).check();
  await own.getByRole('button', { name: 'Votar' }).click();
  await expect(own).toBeHidden();
  await expect(card.getByText('A favor(Tu voto)')).toBeVisible();
  const forCarla = card.getByRole('form', { name: 'En representación de Carla Cano' });
  await forCarla.getByRole('radio', { name: 'A favor' }).check();
  await forCarla.getByRole('button', { name: 'Votar' }).click();
  await expect(forCarla).toBeHidden();
  await expect(card.getByText('Ya se votó en representación de Carla Cano.')).toBeVisible();

  const benPage = await ben.newPage();
  await benPage.goto('/voting');
  card = pollCard(benPage);
  const bens = card.getByRole('form', { name: 'Tu voto' });
  await bens.getByRole('radio', { name: 'En contra' }).check();
  await bens.getByRole('button', { name: 'Votar' }).click();
  await expect(card.getByText('En contra(Tu voto)')).toBeVisible();
  await expectNoHorizontalScroll(benPage);

  // Carla sees the vote cast in her name.
  await carlaPage.reload();
  await expect(pollCard(carlaPage).getByText('Votó en tu nombre: Ana Alonso')).toBeVisible();
  await expect(pollCard(carlaPage).getByText('A favor(Tu voto)')).toBeVisible();
});

test('the admin, who saw the participation live, closes the vote: both majorities and the CSV', async () => {
  test.slow(); // the close, the download and the acta
  const page = adminPage;
  const card = pollCard(page);
  // No reload since the opening: the votes arrived through the realtime stream.
  await expect(card.getByText('Participación: 3 de 3 propietarios con voto (100 %)')).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Cerrar votación' }).click();
  await expect(card.getByText('Cerrada', { exact: true })).toBeVisible();
  await expect(card.getByText('Aprobada')).toBeVisible();
  await expect(card.getByText('mayoría de propietarios sí (2 de 3), mayoría de cuotas sí (65,0 %)')).toBeVisible();

  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Descargar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('votacion.csv');
  const csv = await fs.readFile(await file.path(), 'utf8');
  expect(csv).toContain(`Votación;${TITLE}`);
  expect(csv).toContain('Propietarios con voto;3');
  expect(csv).toContain('Resultado;Aprobada;mayoría de propietarios sí (2 de 3), mayoría de cuotas sí (65,0 %)');
  expect(csv).toMatch(/Carla Cano;25;[^;\n]+;Ana Alonso;A favor/);
  expect(csv).toMatch(/Ben Bravo;35;[^;\n]+;;En contra/);

  // The printable record for the acta.
  await card.getByRole('link', { name: 'Acta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acta de la votación' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Carla Cano' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('a second vote of the same junta: Ana already represents Carla there', async () => {
  // The admin opens another vote of that junta (same date) through the API; the form was shown above.
  const list = await admin.request.get('/api/v1/polls');
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: { title: string; juntaDate: string }[] };
  const first = items.find((p) => p.title === TITLE);
  expect(first).toBeDefined();
  const second = `${TITLE} (derrama)`;
  const created = await admin.request.post('/api/v1/polls', {
    data: {
      kind: 'junta',
      title: second,
      closesAt: new Date(Date.now() + 48 * 3600 * 1000).toISOString(),
      juntaDate: first?.juntaDate,
      juntaOptions: [
        { text: 'Sí, en un pago', choice: 'favour' },
        { text: 'Sí, en doce meses', choice: 'favour' },
        { text: 'No', choice: 'against' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const opened = await admin.request.post(`/api/v1/polls/${id}/publish`);
  expect(opened.status(), await opened.text()).toBe(200);

  const anaPage = await ana.newPage();
  await anaPage.goto('/voting');
  const card = anaPage.getByRole('listitem').filter({ has: anaPage.getByRole('heading', { name: second, exact: true }) });
  const forCarla = card.getByRole('form', { name: 'En representación de Carla Cano' });
  await forCarla.getByRole('radio', { name: 'Sí, en doce meses' }).check();
  await forCarla.getByRole('button', { name: 'Votar' }).click();
  await expect(card.getByText('Ya se votó en representación de Carla Cano.')).toBeVisible();
  await expectNoHorizontalScroll(anaPage);
});

test('a secret consulta: no count for anybody before the close, and a change with the key of the device', async () => {
  test.slow(); // two voters, a change and the close
  const title = `Consulta secreta ${Date.now().toString(36)}`;
  const created = await admin.request.post('/api/v1/polls', {
    data: { title, options: ['Sí', 'No'], secret: true, allowChange: true, closesAt: new Date(Date.now() + 48 * 3600 * 1000).toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const opened = await admin.request.post(`/api/v1/polls/${id}/publish`);
  expect(opened.status(), await opened.text()).toBe(200);
  const cardOf = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const counts = /\d+ votos? · \d+ %/;

  const anaPage = await ana.newPage();
  await anaPage.goto('/voting');
  const anaCard = cardOf(anaPage);
  await anaCard.getByRole('form', { name: 'Tu voto' }).getByRole('radio', { name: 'Sí' }).check();
  await anaCard.getByRole('form', { name: 'Tu voto' }).getByRole('button', { name: 'Votar' }).click();
  await expect(anaCard.getByText('Has votado: Sí')).toBeVisible();
  await expect(anaCard.getByText('Votación secreta: el recuento de cada opción se publica al cerrarse.')).toBeVisible();

  const benPage = await ben.newPage();
  await benPage.goto('/voting');
  const benCard = cardOf(benPage);
  await benCard.getByRole('form', { name: 'Tu voto' }).getByRole('radio', { name: 'No' }).check();
  await benCard.getByRole('form', { name: 'Tu voto' }).getByRole('button', { name: 'Votar' }).click();
  await expect(benCard.getByText('Has votado: No')).toBeVisible();

  // Ana changes her mind: the change carries the key her phone kept.
  const change = anaCard.getByRole('form', { name: 'Cambiar tu voto' });
  await change.getByRole('radio', { name: 'No' }).check();
  await change.getByRole('button', { name: 'Votar' }).click();
  await expect(anaCard.getByText('Has votado: No')).toBeVisible();

  // Everybody, the admin included, sees how many voted and nothing per option.
  const page = adminPage;
  await page.goto('/voting');
  const adminCard = cardOf(page);
  await expect(adminCard.getByText('Participación: 2 de 25 votos (8 %)')).toBeVisible();
  for (const card of [anaCard, benCard, adminCard]) {
    await expect(card.getByText(counts)).toHaveCount(0);
  }
  await adminCard.getByRole('button', { name: 'Cerrar votación' }).click();
  await expect(adminCard.getByText('Cerrada', { exact: true })).toBeVisible();
  await expect(adminCard.getByText('2 votos · 100 %')).toBeVisible();
  await anaPage.reload();
  await expect(cardOf(anaPage).getByText('No(Tu voto)')).toBeVisible();
});
