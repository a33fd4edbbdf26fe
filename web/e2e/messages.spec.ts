// Messaging: two neighbours of one community, each in their own browser context, talk to each other
// over direct messages and the community chat; everything the other side does shows up live (SSE),
// without reloading. It runs twice: on one server with SQLite (the embedded default), and on two
// instances sharing one PostgreSQL database, Ana on the first and Bruno on the second, so every live
// update crosses from one instance to the other (LISTEN/NOTIFY). Each setup has its own servers (rate
// limits count per server).
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import { communityCode, newUser, signUpConfirmed } from './support/users';
import { createPostgresDatabase, type PostgresDatabase } from './support/postgres';
import { startServer, type ServerHandle } from './support/server';

interface Setup {
  title: string;
  /** Starts the servers: Ana's first, Bruno's second (the same one on SQLite). */
  start(): Promise<{ servers: ServerHandle[]; stop?: () => void } | { unavailable: string }>;
}

const setups: Setup[] = [
  {
    title: 'one server on SQLite',
    start: async () => {
      const server = await startServer({ name: 'messages' });
      return { servers: [server, server] };
    },
  },
  {
    title: 'two instances on one PostgreSQL database',
    start: async () => {
      const db: PostgresDatabase | { unavailable: string } = createPostgresDatabase();
      if ('unavailable' in db) return db;
      const env = { VECINOS_DATABASE_URL: db.url };
      // One after the other: the first migrates the empty database.
      const first = await startServer({ name: 'messages-pg-a', env });
      const second = await startServer({ name: 'messages-pg-b', env });
      return { servers: [first, second], stop: () => db.drop() };
    },
  },
];

/** The number the Mensajes tab of the bottom bar shows (the badge's visible text). */
function messagesBadge(page: Page) {
  return page.getByRole('navigation').getByTestId('messages-badge').locator('[aria-hidden="true"]');
}

for (const setup of setups) {
  test.describe(setup.title, () => {
    test.describe.configure({ mode: 'serial' });

    let servers: ServerHandle[] = [];
    let stopDatabase: (() => void) | undefined;
    let contextA: BrowserContext;
    let contextB: BrowserContext;
    let pageA: Page;
    let pageB: Page;
    const ana = newUser('Ana Emisora');
    const bruno = newUser('Bruno Receptor');

    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      test.setTimeout(90_000);
      const started = await setup.start();
      test.skip('unavailable' in started, 'unavailable' in started ? started.unavailable : '');
      if ('unavailable' in started) return;
      servers = started.servers;
      stopDatabase = started.stop;
      contextA = await browser.newContext({ baseURL: servers[0].url });
      contextB = await browser.newContext({ baseURL: servers[1].url });
      await signUpConfirmed(contextA, ana, {
        create: { name: 'Comunidad Mensajes', address: 'Calle del Pez 7', city: 'Madrid', postalCode: '28004' },
      });
      await signUpConfirmed(contextB, bruno, { join: await communityCode(contextA) });
      pageA = await contextA.newPage();
      pageB = await contextB.newPage();
    });

    test.afterAll(async () => {
      await contextA?.close();
      await contextB?.close();
      for (const server of new Set(servers)) await server.stop();
      stopDatabase?.();
    });

    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring pattern
    test.afterEach(async ({}, testInfo) => {
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const server of new Set(servers)) {
        if (fs.existsSync(server.logFile)) {
          await testInfo.attach(`${server.name}.log`, { path: server.logFile, contentType: 'text/plain' });
        }
      }
      for (const [name, page] of [['A', pageA], ['B', pageB]] as const) {
        if (page) await testInfo.attach(`page-${name}.png`, { body: await page.screenshot(), contentType: 'image/png' });
      }
    });

  test('a direct message reaches the other neighbour live, and the sender sees it read', async () => {
    await pageB.goto('/dashboard');
    await expect(pageB.getByRole('navigation').getByRole('link', { name: /Mensajes/ })).toBeVisible();
    await expect(messagesBadge(pageB)).toHaveCount(0);

    await pageA.goto('/messages');
    await expect(pageA.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
    await expect(pageA.getByText('No tienes conversaciones')).toBeVisible();
    await pageA.getByRole('button', { name: 'Nuevo Mensaje' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Nueva conversación' });
    await dialog.getByPlaceholder('Buscar vecino...').fill('bruno');
    await dialog.getByRole('button', { name: bruno.fullName }).click();

    await expect(pageA).toHaveURL(/\/conversation\/[^/]+$/);
    await expect(pageA.getByRole('heading', { level: 1, name: bruno.fullName })).toBeVisible();
    await pageA.getByPlaceholder('Escribe un mensaje...').fill('Hola Bruno, ¿tienes la llave del trastero?');
    await pageA.getByPlaceholder('Escribe un mensaje...').press('Enter');
    await expect(pageA.getByText('Mensaje enviado')).toBeVisible();
    const sent = pageA.getByTestId('dm-bubble').filter({ hasText: 'Hola Bruno' });
    await expect(sent.getByRole('img', { name: 'Enviado' })).toBeVisible();

    // Bruno's badge counts it without reloading.
    await expect(messagesBadge(pageB)).toHaveText('1');

    await pageB.getByRole('navigation').getByRole('link', { name: /Mensajes/ }).click();
    const row = pageB.getByRole('link', { name: new RegExp(ana.fullName) });
    await expect(row).toContainText('Hola Bruno');
    await expect(row).toContainText('1 mensaje sin leer');
    await row.click();
    await expect(pageB.getByRole('heading', { level: 1, name: ana.fullName })).toBeVisible();
    await expect(pageB.getByText('Hola Bruno, ¿tienes la llave del trastero?')).toBeVisible();

    // Opening the chat read it: Ana's single check turns into a double one, and Bruno's badge goes.
    await expect(sent.getByRole('img', { name: 'Leído' })).toBeVisible();
    await expect(messagesBadge(pageB)).toHaveCount(0);

    // And the answer arrives in Ana's open conversation.
    await pageB.getByPlaceholder('Escribe un mensaje...').fill('Sí, te la dejo en el buzón');
    await pageB.getByRole('button', { name: 'Enviar' }).click();
    await expect(pageA.getByText('Sí, te la dejo en el buzón')).toBeVisible();
  });

  test('a community chat message appears live for the other neighbour', async () => {
    await pageA.goto('/community-channel');
    await pageB.goto('/community');
    for (const page of [pageA, pageB]) {
      await expect(page.getByRole('heading', { level: 1, name: 'Chat Comunitario' })).toBeVisible();
      await expect(page.getByText('Canal general de la comunidad')).toBeVisible();
    }
    await expect(pageB.getByText('No hay mensajes aún')).toBeVisible();

    const input = pageA.getByPlaceholder('Escribe un mensaje...');
    await input.fill('Mañana cortan el agua de 9 a 11');
    await input.press('Enter');

    const message = pageB.getByTestId('channel-message').filter({ hasText: 'Mañana cortan el agua de 9 a 11' });
    await expect(message).toBeVisible();
    await expect(message).toContainText(`${ana.fullName} - Piso`);
    await expect(pageA.getByTestId('channel-message')).toHaveCount(1);
    await expect(input).toHaveValue('');
  });

  // Last: it signs Ana out. Her second tab's stream is closed by the server at once (a 'revoked' event
  // that crosses instances on PostgreSQL), and the tab goes to /login instead of reconnecting.
  test('signing out in one tab ends the live stream of another tab', async () => {
    const otherTab = await contextA.newPage();
    await otherTab.goto('/community-channel');
    await expect(otherTab.getByRole('heading', { level: 1, name: 'Chat Comunitario' })).toBeVisible();
    const input = pageB.getByPlaceholder('Escribe un mensaje...');
    await input.fill('¿Alguien tiene una escalera?');
    await input.press('Enter');
    await expect(otherTab.getByText('¿Alguien tiene una escalera?')).toBeVisible();

    await pageA.goto('/dashboard');
    await pageA.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(pageA).toHaveURL(/\/login/);

    await expect(otherTab).toHaveURL(/\/login/);
    await input.fill('Ya no la necesito');
    await input.press('Enter');
    await expect(pageB.getByRole('log').getByText('Ya no la necesito')).toBeVisible();
    await expect(otherTab.getByText('Ya no la necesito')).toHaveCount(0);
    await otherTab.close();
  });
  });
}
