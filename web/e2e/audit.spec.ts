// The audit of admin actions (issue #18): an admin changes a neighbour's role, and /settings/audit shows
// who did it, to whom, and the role before and after; the filter by action keeps it. Phone viewport.
import { communityCode, newUser, signUpConfirmed } from './support/users';
import { expect, phoneContext, withOwnServer } from './support/fixtures';

const test = withOwnServer('audit');

test('an admin finds their role change in the activity log', async ({ page, context, browser, server }) => {
  test.slow();
  const admin = newUser('Ada Auditora');
  await signUpConfirmed(context, admin, { create: { name: 'Comunidad Registro', address: 'Calle Registro 1', city: 'Madrid', postalCode: '28001' } });
  const code = await communityCode(context);
  const bruno = newUser('Bruno Vecino');
  const other = await phoneContext(browser, server.url);
  await signUpConfirmed(other, bruno, { join: code });
  await other.close();

  await page.goto('/settings/roles');
  await page.getByRole('combobox', { name: `Rol de ${bruno.fullName}` }).selectOption('moderator');
  await expect(page.getByRole('combobox', { name: `Rol de ${bruno.fullName}` })).toHaveValue('moderator');

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Registro de actividad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de actividad' })).toBeVisible();
  const log = page.getByRole('list', { name: 'Acciones registradas' });
  const entry = log.getByRole('listitem').filter({ hasText: 'Cambio de rol' });
  await expect(entry).toContainText(bruno.fullName);
  await expect(entry).toContainText(`Por ${admin.fullName}`);
  await expect(entry).toContainText('Usuario');
  await expect(entry).toContainText('Moderador');

  await page.getByLabel('Acción').selectOption('community.edited');
  await expect(page.getByText('Aún no hay actividad registrada con estos filtros.')).toBeVisible();
  await page.getByLabel('Acción').selectOption('role.changed');
  await expect(log.getByRole('listitem')).toHaveCount(1);
});
