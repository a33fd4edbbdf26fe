// Owners are confirmed one claim at a time (issue #33, finding 1), against the real binary at the phone
// viewport. A tenant says he owns every unit nobody owns. The president generates a verification code
// for another neighbour and her flat: the tenant cannot use it. In 'Propietarios por confirmar' each of
// his claims says who else lives in or owns the unit; confirming one leaves the other pending. This file
// starts its own server.
import type { BrowserContext } from '@playwright/test';
import { newUser, signUpConfirmed, communityCode } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, withOwnServer } from './support/fixtures';

const test = withOwnServer('owner-claims');

test('a tenant claiming every ownerless unit gets none of them by a code or at once; the president sees who lives there and confirms one', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpConfirmed(context, newUser('Pilar Presidenta'), {
    create: { name: 'Comunidad Dueños', address: 'Calle Mayor 12', city: 'Madrid', postalCode: '28013' },
  });
  for (const name of ['1º A', '1º B', '1º C']) {
    const res = await context.request.post('/api/v1/community/units', { data: { name, floor: '1º' } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const registry = (await (await context.request.get('/api/v1/community/units')).json()) as { units: { id: string; name: string }[] };
  const unit = (name: string) => registry.units.find((u) => u.name === name)?.id ?? '';
  const code = await communityCode(context);

  // Ana lives in 1º A; Teo lives in 1º C.
  const join = async (name: string, home: string): Promise<BrowserContext> => {
    const c = await phoneContext(browser, baseURL ?? '');
    const user = newUser(name);
    await signUpConfirmed(c, user, { join: code });
    const chosen = await c.request.post('/api/v1/onboarding/choose-unit', { data: { unitId: unit(home) } });
    expect(chosen.status(), await chosen.text()).toBe(200);
    return c;
  };
  const ana = await join('Ana Sanz', '1º A');
  const teo = await join('Teo Gil', '1º C');

  // Teo says he owns each unit that has no owner.
  for (const name of ['1º A', '1º B']) {
    const res = await teo.request.post('/api/v1/my-units', { data: { unitId: unit(name), relation: 'owner' } });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The president generates a code for Ana and her flat.
  await page.goto('/settings/verifications');
  await page.getByLabel('Vecino', { exact: true }).selectOption({ label: `Ana Sanz (${(await profileEmail(ana)) ?? ''})` });
  await page.getByLabel('Vivienda', { exact: true }).selectOption({ label: '1º A' });
  await page.getByRole('button', { name: 'Generar código' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Para Ana Sanz, vivienda 1º A.' });
  await expect(status).toBeVisible({ timeout: 15_000 });
  const secret = (await status.locator('code').textContent()) ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(6);

  // Teo cannot redeem it: it is Ana's.
  const stolen = await teo.request.post('/api/v1/onboarding/verify', { data: { method: 'code', code: secret } });
  expect(stolen.status()).toBe(422);
  expect(((await stolen.json()) as { detail: string }).detail).toBe('El código no es válido o ha caducado');

  // Each of Teo's claims is pending, with who else lives in or owns its unit.
  await page.reload();
  const owners = page.getByRole('region', { name: 'Propietarios por confirmar' });
  const claimOn = (name: string) => owners.getByRole('listitem', { name: 'Teo Gil' }).filter({ hasText: `vivienda ${name}` });
  await expect(claimOn('1º A').getByText('También en 1º A: Ana Sanz (residente)')).toBeVisible({ timeout: 15_000 });
  await expect(claimOn('1º B').getByText('Nadie más vive en 1º B ni es su propietario')).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Confirming his claim to 1º B confirms that one only.
  await claimOn('1º B').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Propietario confirmado').first()).toBeVisible();
  await expect(claimOn('1º B')).toHaveCount(0);
  await expect(claimOn('1º A')).toBeVisible();
  await expect(claimOn('1º A').getByRole('button', { name: 'Confirmar' })).toBeEnabled();

  await ana.close();
  await teo.close();
});

/** The email of the user signed in to c. */
async function profileEmail(c: BrowserContext): Promise<string | undefined> {
  const res = await c.request.get('/api/v1/profile');
  return ((await res.json()) as { email?: string }).email;
}
