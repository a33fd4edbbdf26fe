// The community's books (issue #37) at the phone viewport: an admin adds the bank account (a wrong IBAN is
// refused) and the cash box, records an expense of a new provider with its PDF invoice (filed in
// Documentos), pays it in two parts from the two accounts and sees the balances follow, then imports the
// bank's Norma 43 statement once (the same file again is refused).
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, phoneContext, test } from './support/fixtures';
import { startAppServer } from './support/engine';
import { pdf } from './support/files';
import { twoFlatsWithAnOwner } from './support/money';
import { type ServerHandle } from './support/server';

test.describe.configure({ mode: 'serial' });

/** A Norma 43 statement of the account ES91 2100 0418 4502 0005 1332 from 1 January to today, as a bank
 * sends it (ISO-8859-1, CRLF): the opening balance of 5.000,00 € and a transfer of 285,00 €. */
function norma43(): Buffer {
  const now = new Date();
  const yy = String(now.getFullYear()).slice(2);
  const today = yy + String(now.getMonth() + 1).padStart(2, '0') + String(now.getDate()).padStart(2, '0');
  const lines = [
    '11' + '2100' + '0418' + '0200051332' + yy + '0101' + today + '2' + '00000000500000' + '978' + '3' + 'COMUNIDAD LOS OLIVOS'.padEnd(26),
    '22' + '    ' + '0418' + today + today + '02' + '000' + '2' + '00000000028500' + '0000000001' + 'REF1'.padEnd(12) + ''.padEnd(16),
    '23' + '01' + 'TRANSFERENCIA OLGA GARCÍA RECIBO'.padEnd(38),
    '33' + '2100' + '0418' + '0200051332' + '00000' + '00000000000000' + '00001' + '00000000028500' + '2' + '00000000528500' + '978',
    '88' + '9'.repeat(18) + '000004',
  ].map((l) => l.padEnd(80, ' '));
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
}

let server: ServerHandle;
let admin: BrowserContext;
let owner: BrowserContext;
let adminPage: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startAppServer('money-books');
  admin = await phoneContext(browser, server.url);
  owner = await phoneContext(browser, server.url);
  await twoFlatsWithAnOwner(admin, owner, { name: 'Comunidad Los Olivos', address: 'Calle de los Olivos 5', city: 'Jaén', postalCode: '23001' }, 'Olga Propietaria');
  adminPage = await admin.newPage();
});

test.afterAll(async () => {
  await admin?.close();
  await owner?.close();
  await server?.stop();
});

test('an admin adds the accounts, records an expense with its invoice and pays it in two parts', async () => {
  test.setTimeout(180_000);
  await adminPage.goto('/money');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Cuentas' })).toBeVisible();

  // The bank account (a wrong IBAN is refused) and the cash box.
  await adminPage.getByRole('button', { name: 'Nueva cuenta' }).click();
  let form = adminPage.getByRole('form', { name: 'Cuenta' });
  await form.getByLabel('Nombre', { exact: true }).fill('Cuenta corriente');
  await form.getByLabel('IBAN').fill('ES91 2100 0418 4502 0005 1333');
  await form.getByLabel('Banco', { exact: true }).fill('CaixaBank');
  await form.getByLabel('Saldo inicial (€)').fill('5.000');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(adminPage.getByText('El IBAN no es válido: revisa que esté completo y sus dígitos de control')).toBeVisible();
  await form.getByLabel('IBAN').fill('ES91 2100 0418 4502 0005 1332');
  await form.getByRole('button', { name: 'Guardar' }).click();
  const accounts = adminPage.getByRole('list', { name: 'Cuentas bancarias y caja' });
  await expect(accounts.getByRole('listitem', { name: 'Cuenta corriente' }).getByText('Saldo: 5.000,00 €')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Nueva cuenta' }).click();
  form = adminPage.getByRole('form', { name: 'Cuenta' });
  await form.getByLabel('Nombre', { exact: true }).fill('Caja');
  await form.getByLabel('Tipo').selectOption({ label: 'Caja' });
  await form.getByLabel('Saldo inicial (€)').fill('200');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(accounts.getByRole('listitem', { name: 'Caja' }).getByText('Saldo: 200,00 €')).toBeVisible();
  await expectNoHorizontalScroll(adminPage);

  // An expense: 1.000 € + 21 % VAT − 15 % IRPF, a new provider of the directory, with its invoice.
  await adminPage.getByRole('button', { name: 'Nuevo gasto' }).click();
  const expense = adminPage.getByRole('form', { name: 'Nuevo gasto' });
  await expense.getByLabel('Proveedor', { exact: true }).selectOption({ label: 'Nuevo proveedor (se añade al directorio)' });
  await expense.getByLabel('Teléfono o email del proveedor').fill('+34 600 123 456');
  await expense.getByLabel('Nombre del proveedor como figura en la factura').fill('Fontanería Rápida SL');
  await expense.getByLabel('NIF').fill('B12345678');
  await expense.getByLabel('Concepto').fill('Reparación de la bajante');
  await expense.getByLabel('Base imponible (€)').fill('1.000');
  await expense.getByLabel('Retención IRPF (%)').fill('15');
  await expense.getByLabel('Factura (PDF o imagen)').setInputFiles({ name: 'factura-17.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expense.getByRole('button', { name: 'Guardar gasto' }).click();
  const row = adminPage.getByRole('list', { name: 'Gastos' }).getByRole('listitem', { name: 'Reparación de la bajante · Fontanería Rápida SL' });
  await expect(row.getByText('Reparación de la bajante · 1.210,00 €')).toBeVisible();
  await expect(row.getByText('Base 1.000,00 € · IVA 210,00 € · Retención IRPF 150,00 €')).toBeVisible();
  await expect(row.getByText('Factura en Documentos')).toBeVisible();
  await expect(row.getByText('Pendiente')).toBeVisible();

  // Paid in two parts: 500 € from the bank, the rest (560 €) from the cash box.
  await row.getByRole('button', { name: 'Anotar pago' }).click();
  await row.getByLabel('Cuenta', { exact: true }).selectOption({ label: 'Cuenta corriente' });
  await row.getByLabel('Importe (€)').fill('500');
  await row.getByRole('button', { name: 'Guardar pago' }).click();
  await expect(row.getByText('Pagado 500,00 € de 1.060,00 €')).toBeVisible();
  await row.getByRole('button', { name: 'Anotar pago' }).click();
  await row.getByLabel('Cuenta', { exact: true }).selectOption({ label: 'Caja' });
  await expect(row.getByLabel('Importe (€)')).toHaveValue('560,00');
  await row.getByRole('button', { name: 'Guardar pago' }).click();
  await expect(row.getByText('Pagado', { exact: true })).toBeVisible();
  await expect(accounts.getByRole('listitem', { name: 'Cuenta corriente' }).getByText('Saldo: 4.500,00 €')).toBeVisible();
  await expect(accounts.getByRole('listitem', { name: 'Caja' }).getByText('Saldo: -360,00 €')).toBeVisible();
  await expect(adminPage.getByText(`Gastado: 1.210,00 € · Pendiente de pago: 0,00 €`)).toBeVisible();

  // The bank's Norma 43 statement: imported once; the same file again is refused with its reason.
  const current = accounts.getByRole('listitem', { name: 'Cuenta corriente' });
  await current.getByLabel('Importar extracto (Norma 43)').setInputFiles({ name: 'extracto.n43', mimeType: 'text/plain', buffer: norma43() });
  await expect(current.getByText('Saldo según el banco: 5.285,00 €', { exact: false })).toBeVisible();
  await current.getByRole('button', { name: 'Ver 1 movimiento' }).click();
  await expect(current.getByText('TRANSFERENCIA OLGA GARCÍA RECIBO', { exact: false })).toBeVisible();
  await current.getByLabel('Importar extracto (Norma 43)').setInputFiles({ name: 'extracto.n43', mimeType: 'text/plain', buffer: norma43() });
  await expect(adminPage.getByText('Este fichero ya se importó')).toBeVisible();

  // The invoice is in Documentos, under 'Facturas'.
  await adminPage.goto('/documents');
  await expect(adminPage.getByText('Factura Fontanería Rápida SL · Reparación de la bajante').first()).toBeVisible();
});
