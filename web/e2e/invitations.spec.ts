// Invitations (issue #21), against the real binary at the phone viewport: a president invites a
// neighbour by email; the neighbour follows the link in the dev mailbox, registers, confirms, chooses
// their unit by floor and door and appears as pending; the president confirms them as owner and the
// directory shows 'Propietario' with '2º B'. This file starts its own server (rate limits count per server).
import type { Page } from '@playwright/test';
import { mailLink, newUser, signUpConfirmed } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, withOwnServer } from './support/fixtures';

const test = withOwnServer('invitations');

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

test('a president invites a neighbour, who joins, chooses 2º B and is confirmed as owner', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(120_000);
  const president = newUser('Pilar Presidenta');
  await signUpConfirmed(context, president, {
    create: { name: 'Comunidad Invitaciones', address: 'Calle Mayor 9', city: 'Madrid', postalCode: '28013' },
  });
  const neighbour = newUser('Nico Vecino');

  // The president invites by email from Invitaciones.
  await page.goto('/settings/invitations');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitaciones' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByLabel('Email del vecino').fill(neighbour.email);
  await page.getByRole('button', { name: 'Enviar invitación' }).click();
  const item = page.getByRole('listitem', { name: neighbour.email });
  await expect(item.getByText('Enviada', { exact: true })).toBeVisible();

  // The neighbour, in their own phone, follows the link of the email.
  const link = await mailLink(page.request, neighbour.email, '/register');
  const theirs = await phoneContext(browser, baseURL ?? '');
  const np = await theirs.newPage();
  await np.goto(link);
  await expect(np.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
  await field(np, 'Nombre completo').fill(neighbour.fullName);
  await field(np, 'Email').fill(neighbour.email);
  await field(np, 'Contraseña').fill(neighbour.password);
  await np.getByRole('button', { name: 'Siguiente' }).click();
  await expect(np.getByRole('heading', { level: 2, name: 'Comunidad' })).toBeVisible();
  await expect(np.getByText('Te unirás a esta comunidad')).toBeVisible();
  await np.getByRole('button', { name: 'Siguiente' }).click();
  await expect(np.getByRole('heading', { level: 2, name: 'Contactos' })).toBeVisible();
  await np.getByRole('radio', { name: 'Propietario' }).check();
  await np.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check();
  await np.getByRole('button', { name: 'Finalizar registro' }).click();
  await expect(np).toHaveURL(/\/email-pending/, { timeout: 10_000 });

  // Confirming opens /choose-unit: 2º B is not listed, so floor and door, and 'Soy el propietario'.
  await np.goto(await mailLink(page.request, neighbour.email, '/confirm-email'));
  await expect(np).toHaveURL(/\/choose-unit$/, { timeout: 10_000 });
  await expect(np.getByRole('heading', { level: 1, name: 'Elige tu vivienda' })).toBeVisible();
  await expectNoHorizontalScroll(np);
  await np.getByLabel('Planta').fill('2º');
  await np.getByLabel('Puerta').fill('B');
  await np.getByRole('checkbox', { name: 'Soy el propietario de esta vivienda' }).check();
  await np.getByRole('button', { name: 'Continuar' }).click();
  await expect(np).toHaveURL(/\/verify$/, { timeout: 10_000 });

  // The invitation is aceptada; the claim waits in the review screen, on a new unit.
  await page.reload();
  await expect(page.getByRole('listitem', { name: neighbour.email }).getByText('Aceptada', { exact: true })).toBeVisible();
  await page.goto('/settings/verifications');
  const claim = page.getByRole('region', { name: 'Propietarios por confirmar' });
  const row = claim.getByRole('listitem', { name: neighbour.fullName });
  await expect(row.getByText('Dice ser el propietario de la vivienda 2º · B')).toBeVisible();
  await expect(row.getByText('Vivienda nueva')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await row.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Propietario confirmado').first()).toBeVisible();

  // The directory shows the neighbour as owner of 2º B.
  await page.goto('/directory');
  const card = page.getByRole('listitem').filter({ hasText: neighbour.fullName });
  await expect(card.getByText('Propietario', { exact: true })).toBeVisible();
  await expect(card).toContainText(/2º.*B/);
  await theirs.close();
});
