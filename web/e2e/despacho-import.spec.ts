// The office creates a community and imports its units and owners (issue #35), at phone size: an
// administrador de fincas creates 'Nueva comunidad' from /despacho, chooses a CSV of 3 units and their
// owners' emails whose faulty line is refused (nothing imported), then the fixed file: the preview lists
// what will be done, confirming creates the units and emails each owner an invitation (the dev mailbox).
// Its own server.
import type { BrowserContext, Page } from '@playwright/test';
import { mailLink, newUser, signUpConfirmed } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const COMMUNITY = `Calle Nueva ${run}`;
const owners = [`ines-${run}@example.es`, `pablo-${run}@example.es`, `rosa-${run}@example.es`];

let server: ServerHandle;
let marta: BrowserContext;
let page: Page;

/** A valid CIF of the run: B, seven digits and the control digit. */
function cif(): string {
  const digits = String((Date.now() + 7) % 10_000_000).padStart(7, '0');
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

function csv(lines: string[]) {
  return { name: 'comunidad.csv', mimeType: 'text/csv', buffer: Buffer.from(['portal;planta;puerta;tipo;coeficiente;email_propietario', ...lines].join('\n')) };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('despacho-import');
  marta = await phoneContext(browser, server.url);
  await signUpConfirmed(marta, newUser('Marta Pérez'), null);
  const office = await marta.request.post('/api/v1/organisation', { data: { name: `Fincas Pérez ${run} S.L.`, nif: cif() } });
  expect(office.status(), await office.text()).toBe(201);
  page = await marta.newPage();
});

test.afterAll(async () => {
  await marta?.close();
  await server?.stop();
});

test('an administrador creates a community and imports its units and owners, a faulty file first', async () => {
  await page.goto('/despacho');
  await page.getByRole('button', { name: 'Nueva comunidad' }).click();
  const form = page.getByRole('form', { name: 'Nueva comunidad' });
  await form.getByLabel('Nombre de la comunidad').fill(COMMUNITY);
  await form.getByLabel('Dirección').fill('Calle Nueva 5');
  await form.getByLabel('Ciudad').fill('Madrid');
  await form.getByLabel('Código postal').fill('28013');
  await expectNoHorizontalScroll(page);
  await form.getByRole('button', { name: 'Crear comunidad' }).click();
  await expect(page).toHaveURL(/\/despacho\/comunidades\/[^/]+\/importar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Importar unidades y propietarios' })).toBeVisible();
  await expect(page.getByText(COMMUNITY, { exact: true })).toBeVisible();

  // A faulty line: the whole file is refused, the line named.
  await page.getByLabel('Archivo CSV', { exact: true }).setInputFiles(
    csv([`1;1;A;vivienda;30;${owners[0]}`, `1;1;B;vivienda;30;pablo-${run}@example`, `1;2;A;vivienda;40;${owners[2]}`]),
  );
  await page.getByRole('button', { name: 'Revisar' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('no se ha importado nada');
  await expect(alert.getByText(`Línea 3: el email «pablo-${run}@example» no es válido`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar y enviar invitaciones' })).toHaveCount(0);

  // Fixed: the preview, then the import.
  await page.getByLabel('Archivo CSV', { exact: true }).setInputFiles(
    csv([`1;1;A;vivienda;30;${owners[0]}`, `1;1;B;vivienda;30;${owners[1]}`, `1;2;A;vivienda;40;${owners[2]}`]),
  );
  await page.getByRole('button', { name: 'Revisar' }).click();
  const table = page.getByRole('table', { name: '2. Revisa lo que se va a importar' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByText('Se crearán 3 viviendas y se enviarán 3 invitaciones.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: owners[1] })).toContainText('Se invitará');
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Importar y enviar invitaciones' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'viviendas creadas' })).toHaveText('3 viviendas creadas, 3 invitaciones enviadas');
  await expectNoHorizontalScroll(page);

  // Each owner is emailed an invitation with their own link.
  for (const owner of owners) {
    expect(await mailLink(marta.request, owner, '/register?invitation=')).toContain('unit=');
  }
});

test('importing the same file again creates and sends nothing twice', async () => {
  await page.getByRole('button', { name: 'Importar otro archivo' }).click();
  await page.getByLabel('Archivo CSV', { exact: true }).setInputFiles(
    csv([`1;1;A;vivienda;30;${owners[0]}`, `1;1;B;vivienda;30;${owners[1]}`, `1;2;A;vivienda;40;${owners[2]}`]),
  );
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page.getByText('Se crearán 0 viviendas y se enviarán 0 invitaciones.')).toBeVisible();
  await expect(page.getByRole('table').getByText('Ya invitado')).toHaveCount(3);
});
