// The chat's extras (issue #20) at the phone viewport, on one server with SQLite: a resident sends a photo
// and a PDF to a neighbour, who sees the thumbnail live, downloads the PDF, replies to the photo and edits
// the reply; the first resident then mutes the conversation, searches a word in it and deletes it from
// their list.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { communityCode, newUser, signUpConfirmed } from './support/users';
import { png } from './support/files';
import { startServer, type ServerHandle } from './support/server';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let contextA: BrowserContext;
let contextB: BrowserContext;
let pageA: Page;
let pageB: Page;
const ana = newUser('Ana Fotos');
const bruno = newUser('Bruno Vecino');

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  server = await startServer({ name: 'chat' });
  contextA = await browser.newContext({ baseURL: server.url });
  contextB = await browser.newContext({ baseURL: server.url });
  await signUpConfirmed(contextA, ana, {
    create: { name: 'Comunidad Chat', address: 'Calle del Sol 3', city: 'Madrid', postalCode: '28004' },
  });
  await signUpConfirmed(contextB, bruno, { join: await communityCode(contextA) });
  pageA = await contextA.newPage();
  pageB = await contextB.newPage();
});

test.afterAll(async () => {
  await contextA?.close();
  await contextB?.close();
  await server?.stop();
});

test('a photo and a PDF reach the neighbour live; a reply to the photo is edited; the sender mutes, searches and deletes', async () => {
  test.setTimeout(180_000);
  // Ana opens the conversation with Bruno and writes first.
  await pageA.goto('/messages');
  await pageA.getByRole('button', { name: 'Nuevo Mensaje' }).click();
  const dialog = pageA.getByRole('dialog', { name: 'Nueva conversación' });
  await dialog.getByPlaceholder('Buscar vecino...').fill('bruno');
  await dialog.getByRole('button', { name: bruno.fullName }).click();
  await expect(pageA.getByRole('heading', { level: 1, name: bruno.fullName })).toBeVisible();
  const inputA = pageA.getByPlaceholder('Escribe un mensaje...');
  await inputA.fill('Te paso las fotos de la reunión');
  await inputA.press('Enter');
  await expect(pageA.getByTestId('dm-bubble').filter({ hasText: 'Te paso las fotos' })).toBeVisible();

  // Bruno opens it from his list.
  await pageB.goto('/messages');
  await pageB.getByRole('link', { name: new RegExp(ana.fullName) }).click();
  await expect(pageB.getByText('Te paso las fotos de la reunión')).toBeVisible();

  // Ana attaches a photo and a PDF (uploaded at once, with progress) and sends them in one message.
  await pageA.getByRole('button', { name: 'Adjuntar' }).click();
  const chooser = pageA.waitForEvent('filechooser');
  await pageA.getByRole('menuitem', { name: 'Imagen o video' }).click();
  await (await chooser).setFiles({ name: 'vistas.png', mimeType: 'image/png', buffer: png(600) });
  await pageA.getByTestId('document-input').setInputFiles({ name: 'acta.pdf', mimeType: 'application/pdf', buffer: pdf });
  const send = pageA.getByRole('button', { name: 'Enviar' });
  await expect(pageA.getByRole('list', { name: 'Archivos adjuntos' }).getByRole('listitem')).toHaveCount(2);
  await expect(send).toBeEnabled({ timeout: 30_000 });
  await send.click();
  await expect(pageA.getByRole('img', { name: 'vistas.png' })).toBeVisible({ timeout: 30_000 });

  // Bruno sees the thumbnail live, opens it full screen, and downloads the PDF.
  const thumb = pageB.getByRole('img', { name: 'vistas.png' });
  await expect(thumb).toBeVisible({ timeout: 30_000 });
  await expect(thumb).toHaveAttribute('src', /\/thumbnail$/);
  await pageB.getByRole('button', { name: 'Ver vistas.png a pantalla completa' }).click();
  const viewer = pageB.getByRole('dialog', { name: 'vistas.png' });
  await expect(viewer.getByRole('img', { name: 'vistas.png' })).toBeVisible();
  await viewer.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(pageB.getByText('acta.pdf')).toBeVisible();
  const download = pageB.waitForEvent('download');
  await pageB.getByRole('link', { name: 'Descargar acta.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('acta.pdf');

  // Bruno replies to the photo, then edits his reply; Ana sees both live.
  const photoBubble = pageB.getByTestId('dm-bubble').filter({ has: pageB.getByRole('img', { name: 'vistas.png' }) });
  await photoBubble.getByRole('button', { name: 'Acciones del mensaje' }).click();
  await pageB.getByRole('menuitem', { name: 'Responder' }).click();
  await expect(pageB.getByTestId('reply-banner')).toContainText(`Respondiendo a ${ana.fullName}`);
  const inputB = pageB.getByPlaceholder('Escribe un mensaje...');
  await inputB.fill('Qué vistas');
  await inputB.press('Enter');
  const reply = pageB.getByTestId('dm-bubble').filter({ hasText: 'Qué vistas' });
  await expect(reply.getByRole('button', { name: `Mensaje de ${ana.fullName} al que responde` })).toBeVisible();
  await reply.getByRole('button', { name: 'Acciones del mensaje' }).click();
  await pageB.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = pageB.getByRole('dialog', { name: 'Editar mensaje' });
  await edit.getByRole('textbox').fill('Qué vistas tan bonitas');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  const replyAtA = pageA.getByTestId('dm-bubble').filter({ hasText: 'Qué vistas tan bonitas' });
  await expect(replyAtA).toBeVisible({ timeout: 30_000 });
  await expect(replyAtA).toContainText('editado');

  // Ana mutes the conversation for 8 hours.
  await pageA.getByRole('button', { name: 'Más opciones' }).click();
  await pageA.getByRole('menuitem', { name: 'Silenciar notificaciones' }).click();
  await pageA.getByRole('dialog', { name: 'Silenciar notificaciones' }).getByRole('button', { name: '8 horas' }).click();
  await expect(pageA.getByText(/^Silenciada hasta el /)).toBeVisible();

  // She searches a word, accents aside, and lands on it.
  await pageA.getByRole('button', { name: 'Más opciones' }).click();
  await pageA.getByRole('menuitem', { name: 'Buscar en chat' }).click();
  const search = pageA.getByRole('search');
  await search.getByRole('textbox', { name: 'Buscar en chat' }).fill('reunion');
  await search.getByRole('textbox', { name: 'Buscar en chat' }).press('Enter');
  await expect(search.getByText('Resultado 1 de 1')).toBeVisible();
  await expect(pageA.getByTestId('dm-bubble').filter({ hasText: 'Te paso las fotos de la reunión' }).locator('.ring-2')).toBeVisible();

  // And deletes it from her list; Bruno keeps his.
  await pageA.getByRole('button', { name: 'Más opciones' }).click();
  await pageA.getByRole('menuitem', { name: 'Eliminar conversación' }).click();
  await pageA.getByRole('alertdialog').getByRole('button', { name: 'Eliminar conversación' }).click();
  await expect(pageA).toHaveURL(/\/messages$/);
  await expect(pageA.getByText('No tienes conversaciones')).toBeVisible();
  await pageB.reload();
  await expect(pageB.getByText('Qué vistas tan bonitas')).toBeVisible();
});

test("'Ver información' of the community chat lists its members with unit and role", async () => {
  await pageB.goto('/community-channel');
  await expect(pageB.getByRole('heading', { level: 1, name: 'Chat Comunitario' })).toBeVisible();
  await pageB.getByRole('button', { name: 'Más opciones' }).click();
  await pageB.getByRole('menuitem', { name: 'Ver información' }).click();
  const info = pageB.getByRole('dialog', { name: 'Ver información' });
  await expect(info.getByRole('heading', { name: 'Miembros (2)' })).toBeVisible();
  const members = info.getByTestId('channel-members').getByRole('listitem');
  await expect(members.filter({ hasText: ana.fullName })).toContainText('Presidente');
  await expect(members.filter({ hasText: bruno.fullName })).toContainText('Vecino');
});
