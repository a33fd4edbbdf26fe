// Services, tasks and the wall (issue #16) between an admin and two residents of one community, at the
// phone viewport. Its own server: the users made here count towards that server's rate limits only.
import type { BrowserContext, Page } from '@playwright/test';
import { neighbours } from './support/users';
import { expect, expectNoHorizontalScroll, test } from './support/fixtures';
import { png } from './support/files';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext; // creates the community, approves providers, runs the tasks, hides posts
let resident: BrowserContext; // suggests a plumber, posts a question
let neighbour: BrowserContext; // rates the plumber, likes and comments
let adminPage: Page;
let residentPage: Page;
let neighbourPage: Page;

const PLUMBER = `Fontanería Goteo ${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('providers-tasks-wall');
  [{ context: admin, page: adminPage }, { context: resident, page: residentPage }, { context: neighbour, page: neighbourPage }] =
    await neighbours(
      browser,
      server.url,
      { name: 'Comunidad Los Olmos', address: 'Calle de los Olmos 4', city: 'Valencia', postalCode: '46001' },
      ['Alicia Admin', 'Raúl Residente', 'Nuria Vecina'],
    );
});

test.afterAll(async () => {
  await admin?.close();
  await resident?.close();
  await neighbour?.close();
  await server?.stop();
});

test('a resident suggests a plumber, the admin approves it and a second resident rates it', async () => {
  test.setTimeout(180_000);
  await residentPage.goto('/services');
  await expect(residentPage.getByRole('heading', { level: 1, name: 'Servicios' })).toBeVisible();
  for (const chip of ['Todos', 'Fontanería', 'Electricidad', 'Cerrajería', 'Limpieza', 'Ascensores', 'Climatización', 'Otros']) {
    await expect(residentPage.getByRole('button', { name: chip, exact: true })).toBeVisible();
  }
  await expectNoHorizontalScroll(residentPage);
  await residentPage.getByRole('button', { name: 'Sugerir Servicio' }).click();
  const form = residentPage.getByRole('dialog', { name: 'Sugerir Servicio' });
  await form.getByLabel('Nombre').fill(PLUMBER);
  await form.getByLabel('Categoría').selectOption({ label: 'Fontanería' });
  await form.getByLabel('Descripción').fill('Atascos, fugas y calentadores');
  await form.getByLabel('Teléfono').fill('+34 600 111 222');
  await form.getByLabel('Email').fill('goteo@fontaneria.example');
  await form.getByLabel('Atiende urgencias 24 horas').check();
  await form.getByRole('button', { name: 'Enviar sugerencia' }).click();
  await expect(form).toBeHidden();
  const mine = residentPage.getByRole('article', { name: PLUMBER });
  await expect(mine.getByText('Pendiente de aprobación')).toBeVisible();

  // The admin sees the suggestion live and approves it.
  await adminPage.goto('/services');
  await expect(adminPage.getByRole('heading', { name: 'Sugerencias pendientes de aprobación' })).toBeVisible({ timeout: 15_000 });
  await adminPage.getByRole('button', { name: `Aprobar ${PLUMBER}` }).click();
  const listed = adminPage.getByRole('list', { name: 'Proveedores' }).getByRole('article', { name: PLUMBER });
  await expect(listed.getByText('Urgencias 24h')).toBeVisible();
  await expect(listed.getByRole('link', { name: `Llamar a ${PLUMBER}` })).toHaveAttribute('href', 'tel:+34600111222');
  await expect(listed.getByRole('link', { name: `Enviar un email a ${PLUMBER}` })).toHaveAttribute('href', 'mailto:goteo@fontaneria.example');

  // A second resident finds it under Fontanería and rates it.
  await neighbourPage.goto('/services');
  await neighbourPage.getByRole('button', { name: 'Fontanería', exact: true }).click();
  const card = neighbourPage.getByRole('article', { name: PLUMBER });
  await expect(card.getByText('Sin valoraciones')).toBeVisible();
  await card.getByRole('button', { name: `Valorar a ${PLUMBER}` }).click();
  const rating = neighbourPage.getByRole('dialog', { name: `Valorar a ${PLUMBER}` });
  await rating.getByRole('radio', { name: '4 estrellas' }).click();
  await rating.getByLabel('Comentario').fill('Vino en una hora');
  await rating.getByRole('button', { name: 'Guardar valoración' }).click();
  await expect(rating).toBeHidden();
  await expect(card.getByText('4.0 (1 valoración)')).toBeVisible();
  // The suggester sees the rating arrive live.
  await expect(mine.getByText('4.0 (1 valoración)')).toBeVisible({ timeout: 15_000 });
  await expectNoHorizontalScroll(neighbourPage);
});

test('an admin creates a yearly task, completes it and the next one appears', async () => {
  test.setTimeout(180_000);
  const TASK = `Inspección anual del ascensor ${Date.now().toString(36)}`;
  const page = adminPage;
  await page.goto('/menu');
  await page.getByRole('link', { name: /Tareas/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tareas' })).toBeVisible();
  await expect(page.getByText('No hay tareas todavía.')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Tarea' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva Tarea' });
  await form.getByLabel('Título').fill(TASK);
  await form.getByLabel('Asignado a').selectOption({ label: 'Proveedor' });
  await form.getByLabel('Proveedor', { exact: true }).selectOption({ label: PLUMBER });
  await form.getByLabel('Prioridad').selectOption({ label: 'Alta' });
  await form.getByLabel('Fecha límite').fill('2026-03-15');
  await form.getByLabel('Repetición').selectOption({ label: 'Anual' });
  await form.getByRole('button', { name: 'Crear Tarea' }).click();
  await expect(form).toBeHidden();
  const list = page.getByRole('list', { name: 'Tareas' });
  await expect(list.getByRole('article', { name: TASK })).toHaveCount(1);
  await expect(list.getByRole('article', { name: TASK }).getByText('Vencida')).toBeVisible();
  await expectNoHorizontalScroll(page);

  // A resident sees it live but may not manage it.
  await residentPage.goto('/tasks');
  await expect(residentPage.getByRole('article', { name: TASK })).toBeVisible();
  await expect(residentPage.getByRole('button', { name: 'Nueva Tarea' })).toHaveCount(0);

  await page.getByRole('button', { name: `Empezar: ${TASK}` }).click();
  await expect(list.getByRole('article', { name: TASK }).getByText('En Proceso')).toBeVisible();
  await page.getByRole('button', { name: `Completar: ${TASK}` }).click();
  // The next one, pending and a year later, joins the completed one.
  await expect(list.getByRole('article', { name: TASK })).toHaveCount(2);
  const next = list.getByRole('article', { name: TASK }).filter({ hasText: 'Pendiente' });
  await expect(next.locator('time')).toHaveAttribute('datetime', '2027-03-15');
  await expect(list.getByRole('article', { name: TASK }).filter({ hasText: 'Completada' })).toHaveCount(1);
  const counters = page.getByRole('definition');
  await expect(counters.nth(0)).toHaveText('1');
  await expect(counters.nth(2)).toHaveText('1');
  await expect(residentPage.getByRole('article', { name: TASK })).toHaveCount(2, { timeout: 15_000 });
});

test('a resident posts a question with a photo, a neighbour sees it live, likes and comments, and the admin hides it', async () => {
  test.setTimeout(180_000);
  const QUESTION = `¿Alguien tiene una escalera para prestar? ${Date.now().toString(36)}`;
  // The neighbour and the admin are already on the wall: the post must arrive without reloading.
  await neighbourPage.goto('/wall');
  await expect(neighbourPage.getByRole('heading', { level: 1, name: 'Muro Comunitario' })).toBeVisible();
  await adminPage.goto('/wall');

  const page = residentPage;
  await page.goto('/menu');
  await page.getByRole('link', { name: /Muro Comunitario/ }).click();
  const composer = page.getByRole('region', { name: 'Nueva publicación' });
  const publish = composer.getByRole('button', { name: 'Publicar' });
  await expect(publish).toBeDisabled();
  await composer.getByRole('button', { name: 'Pregunta', exact: true }).click();
  await composer.getByLabel('Texto de la publicación').fill(QUESTION);
  await expect(publish).toBeEnabled();
  await composer.getByRole('button', { name: 'Foto' }).click();
  await composer.getByLabel('Foto').setInputFiles({ name: 'escalera.png', mimeType: 'image/png', buffer: png() });
  await expect(composer.getByRole('img', { name: 'Vista previa de la imagen' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await publish.click();
  await expect(composer.getByLabel('Texto de la publicación')).toHaveValue('');
  const mine = page.getByRole('article').filter({ hasText: QUESTION });
  await expect(mine.getByText('Pregunta')).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Foto publicada por Raúl Residente' })).toBeVisible();

  // The neighbour sees it live, likes it and comments.
  const seen = neighbourPage.getByRole('article').filter({ hasText: QUESTION });
  await expect(seen).toBeVisible({ timeout: 15_000 });
  await seen.getByRole('button', { name: 'Me gusta (0)' }).click();
  await expect(seen.getByRole('button', { name: 'Me gusta (1)' })).toHaveAttribute('aria-pressed', 'true');
  await seen.getByRole('button', { name: 'Comentarios (0)' }).click();
  await seen.getByLabel('Escribe un comentario').fill('Yo tengo una, pásate por el 3ºB');
  await seen.getByRole('button', { name: 'Enviar' }).click();
  await expect(seen.getByText('Yo tengo una, pásate por el 3ºB')).toBeVisible();
  // The author sees the like and the comment count arrive live.
  await expect(mine.getByRole('button', { name: 'Me gusta (1)' })).toBeVisible({ timeout: 15_000 });
  await expect(mine.getByRole('button', { name: 'Comentarios (1)' })).toBeVisible();

  // The admin hides it: gone for the members, kept (marked) for the admin.
  const adminCard = adminPage.getByRole('article').filter({ hasText: QUESTION });
  await expect(adminCard).toBeVisible({ timeout: 15_000 });
  await adminCard.getByRole('button', { name: 'Más acciones' }).click();
  await adminPage.getByRole('menuitem', { name: 'Ocultar' }).click();
  await expect(adminCard.getByText('Oculta para los vecinos')).toBeVisible();
  await expect(seen).toHaveCount(0, { timeout: 15_000 });
  await expect(mine).toHaveCount(0, { timeout: 15_000 });
  await expectNoHorizontalScroll(adminPage);
});

test("a resident opens a consulta from the wall's 'Votación', a neighbour votes in Votaciones and the post counts it", async () => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const QUESTION = `¿Qué día hacemos la fiesta de la piscina? ${tag}`;
  await neighbourPage.goto('/wall');
  await expect(neighbourPage.getByRole('heading', { level: 1, name: 'Muro Comunitario' })).toBeVisible();

  const page = residentPage;
  await page.goto('/wall');
  const composer = page.getByRole('region', { name: 'Nueva publicación' });
  await composer.getByLabel('Texto de la publicación').fill('Votad, que es rápido');
  await composer.getByRole('group', { name: 'Añadir a la publicación' }).getByRole('button', { name: 'Votación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva consulta' });
  await dialog.getByLabel('Pregunta').fill(QUESTION);
  await dialog.getByLabel('Opción 1').fill(`Sábado ${tag}`);
  await dialog.getByLabel('Opción 2').fill(`Domingo ${tag}`);
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Publicar consulta' }).click();
  await expect(dialog).toBeHidden();
  const poll = page.getByRole('region', { name: QUESTION });
  await expect(poll.getByText('0 votos ·')).toBeVisible();
  await expect(page.getByRole('article').filter({ has: poll }).getByText('Votad, que es rápido')).toBeVisible();

  // The neighbour sees it live and votes in Votaciones, where it is a consulta like any other.
  const seen = neighbourPage.getByRole('region', { name: QUESTION });
  await expect(seen).toBeVisible({ timeout: 15_000 });
  await seen.getByRole('link', { name: 'Votar en Votaciones' }).click();
  await expect(neighbourPage).toHaveURL(/\/voting\?poll=/);
  const ballot = neighbourPage.getByRole('form', { name: 'Tu voto' }).filter({ hasText: `Sábado ${tag}` });
  await ballot.getByLabel(`Sábado ${tag}`).check();
  await ballot.getByRole('button', { name: 'Votar' }).click();
  await expect(ballot).toHaveCount(0);
  await neighbourPage.goto('/wall');
  await expect(neighbourPage.getByRole('region', { name: QUESTION }).getByText('1 voto ·')).toBeVisible();
  await expectNoHorizontalScroll(neighbourPage);
});

test("a resident posts an event with the wall's 'Evento': it is a real event of the calendar", async () => {
  test.setTimeout(180_000);
  const EVENT = `Barbacoa de primavera ${Date.now().toString(36)}`;
  const page = residentPage;
  await page.goto('/wall');
  const composer = page.getByRole('region', { name: 'Nueva publicación' });
  await composer.getByRole('group', { name: 'Añadir a la publicación' }).getByRole('button', { name: 'Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Evento' });
  await dialog.getByLabel('Título').fill(EVENT);
  await dialog.getByLabel('Ubicación').fill('Terraza');
  // Tomorrow: upcoming whatever the hour the test runs.
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await dialog.getByLabel('Fecha').fill(day);
  await dialog.getByLabel('Hora de inicio').fill('19:00');
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Crear Evento' }).click();
  await expect(dialog).toBeHidden();
  await expect(composer.getByText(`Evento: ${EVENT}`)).toBeVisible();
  await expect(composer.getByLabel('Texto de la publicación')).toHaveValue(EVENT);
  await composer.getByRole('button', { name: 'Publicar' }).click();
  const card = page.getByRole('article').filter({ hasText: EVENT });
  await expect(card.getByText('Evento', { exact: true })).toBeVisible();

  // The post links the calendar, which has it with its place.
  await card.getByRole('link', { name: new RegExp(EVENT) }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('article', { name: EVENT })).toBeVisible();
  await expect(page.getByRole('article', { name: EVENT }).getByText('Terraza')).toBeVisible();
});
