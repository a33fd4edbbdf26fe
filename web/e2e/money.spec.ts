// The community's money (issue #36) at the phone viewport: an admin sets up a cost-sharing group and the
// budget, approves it and issues the first quarter's receipts; the owner sees their receipt in 'Mis cuotas'; then a
// receipt is compensated and a derrama in two instalments is recorded and issued.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { twoFlatsWithAnOwner } from './support/money';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

let server: ServerHandle;
let admin: BrowserContext;
let owner: BrowserContext;
let adminPage: Page;
let ownerPage: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('money');
  admin = await phoneContext(browser, server.url);
  owner = await phoneContext(browser, server.url);
  await twoFlatsWithAnOwner(admin, owner, { name: 'Comunidad Las Acacias', address: 'Calle de las Acacias 3', city: 'Sevilla', postalCode: '41001' }, 'Óscar Propietario');
  adminPage = await admin.newPage();
  ownerPage = await owner.newPage();
});

test.afterAll(async () => {
  await admin?.close();
  await owner?.close();
  await server?.stop();
});

test('an admin sets up a group and the budget, approves it and issues a quarter; the owner sees the receipt', async () => {
  test.setTimeout(180_000);
  await adminPage.goto('/menu');
  await adminPage.getByRole('link', { name: /^Cuentas Presupuesto/ }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Cuentas' })).toBeVisible();
  await expectNoHorizontalScroll(adminPage);

  // 'Ascensor': only the upper floor pays the lift.
  await adminPage.getByRole('button', { name: 'Nuevo grupo' }).click();
  const form = adminPage.getByRole('form', { name: 'Grupo de reparto' });
  await form.getByLabel('Nombre del grupo').fill('Ascensor');
  await form.getByLabel('Reparto').selectOption({ label: 'Por porcentaje' });
  await form.getByLabel('2º A').check();
  await form.getByLabel('Porcentaje de 2º A').fill('100');
  await form.getByRole('button', { name: 'Guardar grupo' }).click();
  const lift = adminPage.getByRole('list', { name: 'Grupos de reparto' }).getByRole('listitem', { name: 'Ascensor' });
  await expect(lift.getByText('Listo: las partes suman 100 %')).toBeVisible();

  // The budget: cleaning over General, the lift over Ascensor; the reserve fund is 10 % by default.
  await adminPage.getByRole('button', { name: 'Crear presupuesto' }).click();
  await adminPage.getByRole('button', { name: 'Añadir partida' }).click();
  await adminPage.getByLabel('Concepto de la partida 1').fill('Limpieza');
  await adminPage.getByLabel('Importe anual de la partida 1').fill('2.000');
  await adminPage.getByRole('button', { name: 'Añadir partida' }).click();
  await adminPage.getByLabel('Concepto de la partida 2').fill('Ascensor');
  await adminPage.getByLabel('Grupo de la partida 2').selectOption({ label: 'Ascensor' });
  await adminPage.getByLabel('Importe anual de la partida 2').fill('800,00');
  await adminPage.getByRole('button', { name: 'Guardar presupuesto' }).click();
  await expect(adminPage.getByText('Total guardado: 3.080,00 €')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Aprobar' }).click();
  await expect(adminPage.getByText(/Versión 1 aprobada en la junta del/)).toBeVisible();

  // Each unit's cuota, quarterly: 1º A pays half of cleaning and of the reserve fund (2.280 / 2 / 4).
  const cuotas = adminPage.getByRole('list', { name: 'Cuota de cada vivienda' });
  await expect(cuotas.getByText('285,00 €, cuota Trimestral')).toBeVisible();
  await expect(cuotas.getByText('485,00 €, cuota Trimestral')).toBeVisible();

  await adminPage.getByLabel('Periodo').selectOption({ label: '1º trimestre' });
  await adminPage.getByRole('button', { name: 'Generar recibos' }).click();
  const issued = adminPage.getByRole('list', { name: 'Recibos emitidos' });
  await expect(issued.getByRole('listitem')).toHaveCount(2);
  await expectNoHorizontalScroll(adminPage);

  // The owner finds the receipt, what it is for, and their statement.
  await ownerPage.goto('/menu');
  await expect(ownerPage.getByRole('link', { name: /^Cuentas Presupuesto/ })).toHaveCount(0);
  await ownerPage.getByRole('link', { name: /Mis cuotas/ }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Mis cuotas' })).toBeVisible();
  const receipts = ownerPage.getByRole('list', { name: 'Mis recibos' });
  await expect(receipts.getByRole('listitem', { name: /1º A/ })).toHaveCount(1);
  const receipt = receipts.getByRole('listitem', { name: /1º A/ });
  await expect(receipt.getByText('285,00 €')).toBeVisible();
  await expect(receipt.getByText('Limpieza')).toBeVisible();
  await expect(receipt.getByText('Fondo de reserva')).toBeVisible();
  await expect(ownerPage.getByText('Saldo pendiente: 285,00 €')).toBeVisible();
  await expectNoHorizontalScroll(ownerPage);
});

test('an admin compensates a receipt, records a derrama in two instalments and issues its receipts', async () => {
  test.setTimeout(120_000);
  const year = new Date().getFullYear();
  const issued = adminPage.getByRole('list', { name: 'Recibos emitidos' });
  const flat = issued.getByRole('listitem', { name: /1º A/ });
  await flat.getByRole('button', { name: 'Compensar' }).click();
  const compensation = adminPage.getByRole('form', { name: /Compensación del recibo/ });
  await compensation.getByLabel('Qué debe la comunidad al propietario').fill('Reparación de la bajante pagada por el propietario');
  await compensation.getByRole('button', { name: 'Compensar' }).click();
  await expect(flat.getByRole('button', { name: 'Compensar' })).toHaveCount(0);
  // The compensated receipt reads 'Compensado' in the admin's list and in the owner's 'Mis cuotas'.
  await expect(flat.getByText('· Compensado', { exact: false })).toBeVisible();
  await ownerPage.reload();
  const mine = ownerPage.getByRole('list', { name: 'Mis recibos' }).getByRole('listitem', { name: /1º A/ });
  await expect(mine.getByText('· Compensado', { exact: false })).toBeVisible();
  await expectNoHorizontalScroll(ownerPage);

  const derramas = adminPage.getByRole('list', { name: 'Derramas' });
  await adminPage.getByRole('button', { name: 'Nueva derrama' }).click();
  const form = adminPage.getByRole('form', { name: 'Nueva derrama' });
  await form.getByLabel('Concepto').fill('Fachada');
  await form.getByLabel('Importe total').fill('100,00');
  await form.getByLabel('Fecha de la junta que la acordó').fill(new Date().toISOString().slice(0, 10));
  await form.getByLabel('Cargo del plazo 1').fill(`${year}-12-01`);
  await form.getByRole('button', { name: 'Añadir plazo' }).click();
  await form.getByLabel('Cargo del plazo 2').fill(`${year}-12-31`);
  await form.getByRole('button', { name: 'Guardar derrama' }).click();
  const facade = derramas.getByRole('listitem', { name: 'Fachada' });
  await expect(facade.getByText('2 plazos', { exact: false })).toBeVisible();
  await facade.getByRole('button', { name: 'Emitir recibos' }).click();
  await expect(facade.getByRole('button', { name: 'Emitir recibos' })).toHaveCount(0);
  // Two flats at 50 % and two instalments: four receipts of 25,00 € besides the quarter's two.
  await expect(issued.getByRole('listitem')).toHaveCount(6);
  await expectNoHorizontalScroll(adminPage);
});
