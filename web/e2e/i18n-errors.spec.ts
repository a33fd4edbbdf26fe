// Server errors in the user's language (issue #17): a member who chose Catalan in /settings/app reads the
// server's refusal in Catalan: a specific code in the app's translation, a generic one in the detail the
// server wrote in the language the app asked for.
import { newUser, signUpConfirmed } from './support/users';
import { expect, phoneContext, test } from './support/fixtures';

const community = { create: { name: 'Comunitat Errors', address: 'Carrer Major, 5', city: 'Girona', postalCode: '17001' } };

test('in Catalan, taking a registered email or an existing unit name is refused in Catalan', async ({ browser, baseURL, context, page }) => {
  const taken = newUser('Pere Ocupat');
  const other = await phoneContext(browser, baseURL ?? '');
  await signUpConfirmed(other, taken, community);
  await other.close();
  const me = newUser('Núria Errors');
  await signUpConfirmed(context, me, community);

  await page.goto('/settings/app');
  await page.getByLabel('Idioma', { exact: true }).selectOption('ca');
  await expect(page.getByRole('heading', { level: 1, name: 'Aplicació' })).toBeVisible();

  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Correu electrònic').fill(taken.email);
  await page.getByLabel('Contrasenya actual').fill(me.password);
  await page.getByRole('button', { name: 'Desar' }).click();

  // The server answers 409 email_taken with the detail 'Email ya registrado'.
  await expect(page.getByText('Aquest correu electrònic ja està registrat')).toBeVisible();
  await expect(page.getByText('Email ya registrado')).toHaveCount(0);

  // A generic code (conflict) says why through its detail, which the server writes in Catalan.
  await page.goto('/settings/units');
  await page.getByRole('button', { name: 'Afegeix una unitat' }).click();
  await page.getByLabel('Nom (1r A)').fill('Àtic');
  await page.getByRole('button', { name: 'Afegeix', exact: true }).click();
  await expect(page.getByText('Unitat afegida')).toBeVisible();
  await page.getByRole('button', { name: 'Afegeix una unitat' }).click();
  await page.getByLabel('Nom (1r A)').fill('Àtic');
  await page.getByRole('button', { name: 'Afegeix', exact: true }).click();
  await expect(page.getByText('Ja existeix una unitat «Àtic»')).toBeVisible();
});
