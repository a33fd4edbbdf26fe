// 'Descargar mis datos' (issue #17, RGPD arts. 15 and 20): the ZIP holds my own records and no one else's.
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { expect, phoneContext, test } from './support/fixtures';
import { communityCode, newUser, signUpConfirmed } from './support/users';

/** The entries of a ZIP file by name (stored or deflated, as the server writes them). */
function unzip(buf: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let at = 0;
  while (buf.readUInt32LE(at) === 0x04034b50) {
    const method = buf.readUInt16LE(at + 8);
    const flags = buf.readUInt16LE(at + 6);
    const nameLen = buf.readUInt16LE(at + 26);
    const extraLen = buf.readUInt16LE(at + 28);
    const name = buf.subarray(at + 30, at + 30 + nameLen).toString('utf8');
    const start = at + 30 + nameLen + extraLen;
    // Streamed entries (flag bit 3) carry their sizes after the data: find them in the central directory.
    let size = buf.readUInt32LE(at + 18);
    if (flags & 8) {
      let c = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), start);
      while (c >= 0 && buf.readUInt32LE(c) === 0x02014b50) {
        const cNameLen = buf.readUInt16LE(c + 28);
        if (buf.subarray(c + 46, c + 46 + cNameLen).toString('utf8') === name) {
          size = buf.readUInt32LE(c + 20);
          break;
        }
        c += 46 + cNameLen + buf.readUInt16LE(c + 30) + buf.readUInt16LE(c + 32);
      }
    }
    const data = buf.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at = start + size + (flags & 8 ? 16 : 0);
  }
  return out;
}

test('Descargar mis datos downloads a ZIP with my own incident and no other member’s data', async ({ browser, baseURL }) => {
  const ana = newUser('Ana Descarga');
  const anaContext = await phoneContext(browser, baseURL ?? '');
  await signUpConfirmed(anaContext, ana, {
    create: { name: 'Calle Portabilidad 20', address: 'Calle Portabilidad 20', city: 'Madrid', postalCode: '28020' },
  });
  const luis = newUser('Luis Ajeno');
  const luisContext = await phoneContext(browser, baseURL ?? '');
  await signUpConfirmed(luisContext, luis, { join: await communityCode(anaContext) });

  for (const [context, title] of [
    [anaContext, 'Gotera en mi trastero'],
    [luisContext, 'Ruido en el patio de Luis'],
  ] as const) {
    const me = (await (await context.request.get('/api/v1/me')).json()) as { id: string };
    const res = await context.request.post('/api/v1/incidents', {
      data: { title, description: 'Desde la prueba', assignedTo: me.id },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const page = await anaContext.newPage();
  await page.goto('/settings/account-management');
  await expect(page.getByRole('heading', { name: 'Tus datos' })).toBeVisible();
  await expect(page.getByText(/Aceptaste la versión/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar mis datos' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vecinos-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzip(await readFile(await download.path()));
  const json = files.get('mis-datos.json')?.toString('utf8') ?? '';
  const doc = JSON.parse(json) as { data: { incidents: { title: string }[]; account: { email: string }[] } };
  expect(doc.data.account[0]?.email).toBe(ana.email);
  expect(doc.data.incidents.map((i) => i.title)).toEqual(['Gotera en mi trastero']);
  expect(json).not.toContain('Ruido en el patio de Luis');
  expect(json).not.toContain(luis.email);
  expect(json).not.toContain('Luis Ajeno');
  await anaContext.close();
  await luisContext.close();
});
