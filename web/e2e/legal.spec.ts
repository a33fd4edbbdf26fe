// The terms and the privacy notice (issue 33): the links of the sign-up form open them, signed out, at the
// phone viewport, in new tabs; they were the 404 page.
import type { Page } from '@playwright/test';
import { newUser } from './support/users';
import { expect, expectNoHorizontalScroll, test } from './support/fixtures';

/** Goes through /register's first two steps to the one whose checkbox links the legal texts. */
async function toContactsStep(page: Page): Promise<void> {
  const user = newUser('Lola Legal');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
  await page.getByLabel('Nombre completo', { exact: true }).fill(user.fullName);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Comunidad' })).toBeVisible();
  await page.getByLabel('Tipo de vía', { exact: true }).selectOption('Calle');
  await page.getByLabel('Nombre de la vía', { exact: true }).fill('de las Leyes');
  await page.getByLabel('Número', { exact: true }).fill('3');
  await page.getByLabel('Código postal', { exact: true }).fill('28013');
  await page.getByLabel('Número de plantas', { exact: true }).fill('2');
  await page.getByLabel('Puertas por planta', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Contactos' })).toBeVisible();
}

test('the sign-up form opens the terms and the privacy notice', async ({ page, context }) => {
  await toContactsStep(page);

  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'términos y condiciones' }).click(),
  ]);
  await expect(terms).toHaveURL(/\/terminos$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
  await expect(terms.getByRole('heading', { level: 2, name: 'Tu cuenta' })).toBeVisible();
  await expectNoHorizontalScroll(terms);

  const [privacy] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'política de privacidad' }).click(),
  ]);
  await expect(privacy).toHaveURL(/\/privacidad$/);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  for (const heading of ['Responsable del tratamiento', 'Base jurídica', 'Cuánto tiempo', 'Tus derechos']) {
    await expect(privacy.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(privacy.getByText(/Agencia Española de Protección de Datos/)).toBeVisible();
  await expect(privacy.getByText(/«Descargar mis datos»/)).toBeVisible();
  await expectNoHorizontalScroll(privacy);

  // The way back leads to the app, not to the 404 page.
  await privacy.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(privacy.getByRole('heading', { level: 1, name: 'Bienvenido a Vecinos' })).toBeVisible();
});
