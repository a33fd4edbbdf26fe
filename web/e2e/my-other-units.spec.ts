// 'Mis otras viviendas' (issue #21), against the real binary at the phone viewport: a neighbour who lives
// in 2º B says they also rent the garage 'Garaje 3'; the president sees the claim with its kind and
// confirms it; the neighbour's open screen shows it confirmed at once (the realtime 'units' change),
// they are emailed, and the directory shows the garage as theirs. This file starts its own server.
import { mailLink, newUser, signUpConfirmed, communityCode } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, withOwnServer } from './support/fixtures';

const test = withOwnServer('my-other-units');

interface Mail {
  to: string;
  subject: string;
}

test('a neighbour claims a garage in Mis otras viviendas, the president confirms it, and they see it confirmed', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpConfirmed(context, newUser('Pilar Presidenta'), {
    create: { name: 'Comunidad Garajes', address: 'Calle Mayor 11', city: 'Madrid', postalCode: '28013' },
  });
  for (const unit of [{ name: '2º B', floor: '2º' }, { name: 'Garaje 3', kind: 'garaje' }]) {
    const res = await context.request.post('/api/v1/community/units', { data: unit });
    expect(res.status(), await res.text()).toBe(201);
  }
  const registry = (await (await context.request.get('/api/v1/community/units')).json()) as { units: { id: string; name: string }[] };
  const flat = registry.units.find((u) => u.name === '2º B')?.id ?? '';

  // The neighbour joins with the code, lives in 2º B and has finished the wizard.
  const neighbour = newUser('Nico Vecino');
  const theirs = await phoneContext(browser, baseURL ?? '');
  await signUpConfirmed(theirs, neighbour, { join: await communityCode(context) });
  const chosen = await theirs.request.post('/api/v1/onboarding/choose-unit', { data: { unitId: flat } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const done = await theirs.request.post('/api/v1/onboarding/done', { data: { displayName: neighbour.fullName, rulesAccepted: true } });
  expect(done.status(), await done.text()).toBe(200);

  // In 'Mi vivienda' they add the garage, which they rent.
  const np = await theirs.newPage();
  await np.goto('/settings/unit-info');
  const card = np.getByRole('list', { name: 'Mis otras viviendas' });
  await expect(np.getByText('No tienes otras viviendas, locales ni plazas de garaje.')).toBeVisible({ timeout: 15_000 });
  await np.getByRole('button', { name: 'Añadir otra vivienda' }).click();
  await np.getByLabel('Buscar en las viviendas de la comunidad').fill('garaje');
  await np.getByRole('radio', { name: 'Garaje 3' }).check();
  await np.getByRole('radio', { name: 'Vivo de alquiler (inquilino)' }).check();
  await expectNoHorizontalScroll(np);
  await np.getByRole('button', { name: 'Añadir', exact: true }).click();
  const garage = card.getByRole('listitem').filter({ hasText: 'Garaje 3' });
  await expect(garage.getByText('Inquilino', { exact: true })).toBeVisible();
  await expect(garage.getByText('Pendiente', { exact: true })).toBeVisible();

  // The president sees the claim with its kind, and confirms it as it is.
  await page.goto('/settings/verifications');
  const claims = page.getByRole('region', { name: 'Otras viviendas por confirmar' });
  const row = claims.getByRole('listitem', { name: neighbour.fullName });
  await expect(row.getByText('Dice vivir también en Garaje 3 como inquilino')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByLabel('Confirmar como')).toHaveValue('tenant');
  await expectNoHorizontalScroll(page);
  await row.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Vivienda confirmada').first()).toBeVisible();
  await expect(claims.getByText('No hay otras viviendas por confirmar')).toBeVisible();

  // The neighbour's open screen shows it confirmed without reloading, and they got the email.
  await expect(garage.getByText('Confirmada', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as Mail[];
        return mails.some((m) => m.to === neighbour.email && m.subject === 'Confirmada: Garaje 3 es una de tus viviendas');
      },
      { message: 'the confirmation email', timeout: 15_000 },
    )
    .toBe(true);
  expect(await mailLink(page.request, neighbour.email, '/settings/unit-info')).toContain('/settings/unit-info');

  // The directory shows both units, the garage as rented: a tenant.
  await page.goto('/directory');
  const entry = page.getByRole('article', { name: neighbour.fullName });
  await expect(entry.getByText('Inquilino', { exact: true })).toBeVisible();
  await expect(entry.getByText('2º B · Garaje 3 (inquilino)')).toBeVisible();
  await theirs.close();
});
