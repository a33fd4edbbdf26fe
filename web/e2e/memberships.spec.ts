// One account, many communities (issue #35, ADR 0040), at phone size: an owner of two homes joins the second
// community by its code, switches between them in the header and sees each one's incidents and chat only
// there; an email link (?c=) opens its community; leaving one keeps the account and the other.
// Its own server: the users made here count towards that server's rate limits only.
import type { BrowserContext, Page } from '@playwright/test';
import { communityCode, mailLink, newUser, signUpConfirmed } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const MAYOR = `Calle Mayor ${run}`;
const PLAZA = `Plaza Nueva ${run}`;

let server: ServerHandle;
let ana: BrowserContext; // admin of Calle Mayor
let pau: BrowserContext; // admin of Plaza Nueva
let luis: BrowserContext; // owns a flat in each
let page: Page;
const luisUser = newUser('Luis Dos Casas');

/** What an admin's context posts in its community: an incident and a chat message. */
async function activity(context: BrowserContext, incident: string, chat: string): Promise<void> {
  const me = (await (await context.request.get('/api/v1/me')).json()) as { id: string };
  const created = await context.request.post('/api/v1/incidents', { data: { title: incident, description: 'x', assignedTo: me.id } });
  expect(created.status(), await created.text()).toBe(201);
  const channel = (await (await context.request.get('/api/v1/channels/community')).json()) as { id: string };
  const sent = await context.request.post(`/api/v1/channels/${channel.id}/messages`, { data: { content: chat } });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** The tab sees this community's incident and chat, and not the other's. */
async function seesOnly(mine: { incident: string; chat: string }, theirs: { incident: string; chat: string }): Promise<void> {
  await page.goto('/incidents');
  await expect(page.getByText(mine.incident)).toBeVisible();
  await expect(page.getByText(theirs.incident)).toHaveCount(0);
  await page.goto('/community-channel');
  await expect(page.getByText(mine.chat)).toBeVisible();
  await expect(page.getByText(theirs.chat)).toHaveCount(0);
}

const inMayor = { incident: `Gotera en Mayor ${run}`, chat: `Hola desde Mayor ${run}` };
const inPlaza = { incident: `Ascensor de Plaza ${run}`, chat: `Hola desde Plaza ${run}` };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('memberships');
  ana = await phoneContext(browser, server.url);
  pau = await phoneContext(browser, server.url);
  luis = await phoneContext(browser, server.url);
  await signUpConfirmed(ana, newUser('Ana Mayor'), { create: { name: MAYOR, address: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013' } });
  await signUpConfirmed(pau, newUser('Pau Plaza'), { create: { name: PLAZA, address: 'Plaza Nueva 2', city: 'Madrid', postalCode: '28013' } });
  await signUpConfirmed(luis, luisUser, { join: await communityCode(ana) });
  await activity(ana, inMayor.incident, inMayor.chat);
  await activity(pau, inPlaza.incident, inPlaza.chat);
  page = await luis.newPage();
});

test.afterAll(async () => {
  await ana?.close();
  await pau?.close();
  await luis?.close();
  await server?.stop();
});

test('an owner of two homes joins the second community by its code', async () => {
  const code = await communityCode(pau);
  await page.goto('/settings/communities');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis comunidades' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Mis comunidades' }).getByRole('listitem')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await page.getByLabel('Código de la comunidad').fill(code);
  await page.getByRole('button', { name: 'Unirse' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const switcher = page.getByRole('combobox', { name: 'Cambiar de comunidad' });
  await expect(switcher.locator('option:checked')).toHaveText(PLAZA);
  await expectNoHorizontalScroll(page);
});

test('each community shows its own incidents and chat, and the header switches between them', async () => {
  await seesOnly(inPlaza, inMayor);
  const switcher = page.getByRole('combobox', { name: 'Cambiar de comunidad' });
  await switcher.selectOption({ label: MAYOR });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('combobox', { name: 'Cambiar de comunidad' }).locator('option:checked')).toHaveText(MAYOR);
  await seesOnly(inMayor, inPlaza);
  // The keyboard reaches the switcher too.
  await page.goto('/dashboard');
  await page.getByRole('combobox', { name: 'Cambiar de comunidad' }).focus();
  await expect(page.getByRole('combobox', { name: 'Cambiar de comunidad' })).toBeFocused();
});

test("an email link opens its community, whatever the tab had", async () => {
  const published = await pau.request.post('/api/v1/announcements', {
    data: { title: `Corte de agua ${run}`, description: 'Mañana de 9 a 12', priority: 'critico' },
  });
  expect(published.status(), await published.text()).toBe(201);
  const link = await mailLink(luis.request, luisUser.email, '/announcements');
  expect(new URL(link).searchParams.get('c')).not.toBeNull();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`Corte de agua ${run}`).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Cambiar de comunidad' }).locator('option:checked')).toHaveText(PLAZA);
  await expect(page).not.toHaveURL(/[?&]c=/);
});

test("a link to the dashboard with ?c= shows that community's own data, not the preloaded last one's", async () => {
  const list = (await (await luis.request.get('/api/v1/memberships')).json()) as { communityId: string; communityName: string }[];
  const plaza = list.find((m) => m.communityName === PLAZA);
  expect(plaza).toBeDefined();
  // The account's last community is Calle Mayor (chosen in the switcher); the link names Plaza Nueva.
  await page.goto('/settings/communities');
  await page.getByRole('button', { name: `Abrir ${MAYOR}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard?c=${plaza?.communityId ?? ''}`);
  await expect(page.getByText(new RegExp(`^${PLAZA} · `))).toBeVisible();
  await expect(page.getByText(new RegExp(`^${MAYOR} · `))).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Cambiar de comunidad' }).locator('option:checked')).toHaveText(PLAZA);
  // Reloaded without ?c=, the tab keeps its community: the page's preloads (the last one's) are not shown.
  await page.goto('/dashboard');
  await expect(page.getByText(new RegExp(`^${PLAZA} · `))).toBeVisible();
  await expect(page.getByText(new RegExp(`^${MAYOR} · `))).toHaveCount(0);
});

test('leaving one community keeps the account and the other', async () => {
  await page.goto('/settings/communities');
  await page.getByRole('button', { name: `Salir de ${PLAZA}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`¿Seguro que quieres salir de ${PLAZA}?`);
  await dialog.getByRole('button', { name: `Salir de ${PLAZA}` }).click();
  await expect(page.getByRole('list', { name: 'Mis comunidades' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Mis comunidades' })).toContainText(MAYOR);
  await expect(page.getByRole('combobox', { name: 'Cambiar de comunidad' })).toHaveCount(0);
  await seesOnly(inMayor, inPlaza);
});
