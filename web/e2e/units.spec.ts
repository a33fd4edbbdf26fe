// The units registry (issue #21): a president registers a two-portal building through the real wizard,
// and 'Viviendas y locales' in /settings lists the units generated from its shape; a coeficiente edited
// there changes the sum. Spanish UI at a phone viewport.
import type { Page } from '@playwright/test';
import { mailLink, newUser } from './support/users';
import { expect, expectNoHorizontalScroll, withOwnServer } from './support/fixtures';

// Sign-ups count towards the server's rate limits: this file has a server of its own.
const test = withOwnServer('units');

/** The field labelled exactly this; an optional one's label ends in '(opcional)'. */
function field(page: Page, label: string, opts: { optional?: boolean } = {}) {
  if (!opts.optional) return page.getByLabel(label, { exact: true });
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(opcional\\)$`));
}

test('a president registers a 2-portal building and edits its units in Viviendas y locales', async ({ page, request }) => {
  test.slow(); // a whole journey: three steps, the mailbox, confirmation, the registry
  const user = { ...newUser('Carmen Portales'), password: 'Secreto123!' };

  await page.goto('/register');
  await field(page, 'Nombre completo').fill(user.fullName);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // Step 1: two portals, two floors, two doors per floor, doors named A, B.
  await expect(page.getByRole('heading', { level: 2, name: 'Comunidad' })).toBeVisible();
  await field(page, 'Nombre de la vía').fill('de los Portales');
  await field(page, 'Número').fill('7');
  await field(page, 'Código postal').fill('28013');
  await field(page, 'Número de plantas').fill('2');
  await field(page, 'Puertas por planta').fill('2');
  await field(page, 'Nomenclatura de las puertas', { optional: true }).fill('A, B');
  await page.getByRole('switch', { name: 'El edificio tiene portales' }).click();
  await field(page, 'Número de portales').fill('2');
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Contactos' })).toBeVisible();
  await page.getByRole('radio', { name: 'Presidente' }).check();
  await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check();
  await page.getByRole('button', { name: 'Finalizar registro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu email' })).toBeVisible({ timeout: 10_000 });

  await page.goto(await mailLink(request, user.email, '/confirm-email'));
  await expect(page.getByRole('heading', { level: 1, name: '¡Email confirmado!' })).toBeVisible();

  // /settings leads the president to the registry.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Viviendas y locales' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Viviendas y locales' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Unidades' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(list.getByText('Portal 1 · 1º A', { exact: true })).toBeVisible();
  await expect(list.getByText('Portal 2 · 1º A', { exact: true })).toBeVisible();
  await expect(list.getByText('Portal 2 · 2º B', { exact: true })).toBeVisible();
  await expect(page.getByText('8 unidades', { exact: true })).toBeVisible();
  await expect(page.getByText('8 unidades sin coeficiente', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // A search narrows the list.
  await page.getByRole('searchbox', { name: 'Buscar unidad' }).fill('portal 2 1º');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Buscar unidad' }).fill('');

  // The coeficiente of Portal 2 · 1º A, with a decimal comma; the sum follows.
  await page.getByRole('button', { name: 'Editar Portal 2 · 1º A' }).click();
  const form = page.getByRole('form', { name: 'Editar Portal 2 · 1º A' });
  await form.getByLabel('Coeficiente (%)').fill('12,5');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(list.getByText('Vivienda · 12,5 %')).toBeVisible();
  await expect(page.getByText('12,5 %', { exact: true })).toBeVisible();
  await expect(page.getByText('No suman 100 %')).toBeVisible();
  await expect(page.getByText('7 unidades sin coeficiente', { exact: true })).toBeVisible();
});
