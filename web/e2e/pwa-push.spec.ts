// The installable app and web push (issue #17, docs/adr/0030), at the phone viewport on one server.
//
// - The service worker installs and controls the page; offline, a reload still opens the app from the
//   cache, with the 'Sin conexión' notice and what this device keeps.
// - Push: headless Chromium has no push service behind PushManager, so the member's device is registered
//   through the API, as the app would after PushManager.subscribe, with an endpoint on a local HTTP server
//   this spec starts. A direct message then reaches that endpoint as an RFC 8291 (aes128gcm) POST signed with
//   VAPID, which the spec decrypts with the device's keys.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';
import { communityCode, newUser, signUpConfirmed } from './support/users';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local push service: records every POST and answers 201, as a real one does. */
async function pushService(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Undoes RFC 8291 with the device's private key and authentication secret, as the browser does. */
function decrypt(body: Buffer, device: crypto.ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  const secret = device.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), device.getPublicKey(), serverKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, auth, info, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  expect(plain[end - 1], 'the last record delimiter').toBe(2);
  return plain.subarray(0, end - 1).toString('utf8');
}

test('the service worker installs, and the shell opens offline with the notice', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUpConfirmed(context, newUser('Olga Sinred'), {
    create: { name: 'Comunidad Offline', address: 'Calle Luna 2', city: 'Madrid', postalCode: '28004' },
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Installed, activated and in control of this page (clients.claim on the first install).
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  // Chromium's own installability check, the one Lighthouse's installable-manifest audit reports (manifest,
  // icons, a worker with a fetch handler); Playwright's contexts are incognito, which only that check minds.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  await cdp.detach(); // attached, it keeps navigator.onLine true through the offline emulation below

  await context.setOffline(true);
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'Sin conexión' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('puede no estar al día');
  await expect(notice).toContainText(/Guardado en este dispositivo: la aplicación \(\d+ archivos\)/);
  // The app's scripts ran from the cache: it drew a screen (offline, the session cannot be read, and it says so).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(false);
  await expect(notice).toBeHidden();
});

test('a push subscription is stored and a direct message reaches the device encrypted', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const service = await pushService();
  const aliceContext = await browser.newContext({ baseURL });
  const brunoContext = await browser.newContext({ baseURL });
  try {
    const alice = newUser('Alicia Push');
    const bruno = newUser('Bruno Push');
    await signUpConfirmed(aliceContext, alice, {
      create: { name: 'Comunidad Push', address: 'Calle Sol 5', city: 'Madrid', postalCode: '28004' },
    });
    await signUpConfirmed(brunoContext, bruno, { join: await communityCode(aliceContext) });

    // Bruno's device: an ECDH P-256 key pair and an authentication secret, as PushManager makes them.
    const device = crypto.createECDH('prime256v1');
    device.generateKeys();
    const auth = crypto.randomBytes(16);
    const settings = await brunoContext.request.get('/api/v1/push');
    expect(settings.status()).toBe(200);
    const { publicKey } = (await settings.json()) as { publicKey: string };
    const stored = await brunoContext.request.post('/api/v1/push/subscriptions', {
      data: {
        endpoint: `${service.url}/push/bruno-phone`,
        keys: { p256dh: device.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        device: 'Chrome · Android',
      },
    });
    expect(stored.status(), await stored.text()).toBe(200);

    // /settings/app shows the device and the kinds, all on.
    const page = await brunoContext.newPage();
    await page.goto('/settings/app');
    await expect(page.getByText('Activadas en 1 dispositivo.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Mensajes directos nuevos' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('button', { name: 'Instalar Vecinos' }).or(page.getByText('Para instalarla'))).toBeVisible();

    // Alicia writes to Bruno.
    const brunoId = ((await (await brunoContext.request.get('/api/v1/me')).json()) as { id: string }).id;
    const conv = await aliceContext.request.post('/api/v1/conversations', { data: { userId: brunoId } });
    expect(conv.status()).toBe(200);
    const { id } = (await conv.json()) as { id: string };
    const sent = await aliceContext.request.post(`/api/v1/conversations/${id}/messages`, {
      data: { content: '¿Te viene bien el sábado?' },
    });
    expect(sent.status()).toBe(201);

    await expect.poll(() => service.received.length, { timeout: 15_000 }).toBe(1);
    const push = service.received[0];
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(JSON.parse(decrypt(push.body, device, auth))).toEqual({
      kind: 'directMessage',
      title: alice.fullName,
      body: '¿Te viene bien el sábado?',
      // It opens in its community (ADR 0040).
      url: expect.stringMatching(new RegExp(`^/conversation/${id}\\?c=[0-9a-f-]{36}$`)),
      tag: `dm-${id}`,
    });
  } finally {
    await aliceContext.close();
    await brunoContext.close();
    await service.close();
  }
});
