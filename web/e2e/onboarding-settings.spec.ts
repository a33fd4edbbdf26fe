// Onboarding wizard and settings, against the real binary: a new user walks the wizard from /start to
// the dashboard; members edit their profile (with an avatar), switch language and theme, delete their
// account; an admin manages roles up to the limit of three admins. This file starts its own server
// (rate limits count per server).
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { communityCode, mailLink, newUser, signUpConfirmed, type NewUser } from './support/users';
import { expect, expectNoHorizontalScroll, phoneContext, withOwnServer } from './support/fixtures';
import { pdf, png } from './support/files';
import { E2E_OUTPUT_DIR } from './support/server';

// Its own server: overriding the worker-scoped `server` fixture gives these tests workers of their own,
// whose `page`, `request` and `baseURL` point at a fresh `vecinos serve`.
const test = withOwnServer('onboarding-settings');

const SHOTS = path.join(E2E_OUTPUT_DIR, 'screens', 'onboarding-settings');

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

function community(name: string) {
  return { create: { name, address: 'Calle Mayor, 5', city: 'Madrid', postalCode: '28013' } };
}

test('a new user walks the whole onboarding wizard to the dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  const user = newUser('Eva Asistente');
  const street = `Calle Prueba ${Date.now().toString(36)}`;

  await page.goto('/join');
  await expect(page).toHaveURL(/\/start$/); // no session: the wizard starts at /start
  await expect(page.getByRole('heading', { level: 1, name: 'Únete a tu comunidad' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'start');

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Debes aceptar la política de privacidad para continuar').first()).toBeVisible();
  await page.getByLabel('Acepto la política de privacidad').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/email-pending/);

  // The confirmation link signs the user in; the wizard continues (consent recorded) at /join.
  await page.goto(await mailLink(page.request, user.email, '/confirm-email'));
  await expect(page).toHaveURL(/\/join$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: '¿Cuál es tu relación con la comunidad?' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'join');
  await page.getByText('Vivo aquí').click();
  await page.getByLabel(/^Teléfono/).fill('+34600111222');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/find-community$/);
  await page.getByRole('textbox', { name: 'Referencia catastral' }).fill('9872024VH5797S0001WX');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('La referencia catastral no es válida').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Dirección' }).click();
  await page.getByLabel('Provincia').fill('Madrid');
  await page.getByLabel('Municipio').fill('Madrid');
  await page.getByLabel('Nombre de la calle').fill(street);
  await page.getByLabel('Número', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { name: 'No hemos encontrado tu comunidad' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'find-community');
  await page.getByRole('button', { name: 'Crear comunidad' }).click();
  const form = page.getByRole('region', { name: 'Nueva comunidad' });
  await expect(form.getByLabel('Dirección')).toHaveValue(`Calle ${street}, 7`);
  await form.getByLabel('Código postal').fill('28001');
  await form.getByRole('button', { name: 'Crear comunidad' }).click();

  await expect(page).toHaveURL(/\/choose-unit$/);
  await page.getByLabel('Planta').fill('2');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Indica planta y puerta');
  await page.getByLabel('Puerta').fill('A');
  await page.getByLabel('Soy el propietario de esta vivienda').check();
  await expectNoHorizontalScroll(page);
  await shot(page, 'choose-unit');
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/verify$/);
  await page.getByRole('tab', { name: 'Documento' }).click();
  await expect(page.getByText('24-48 horas')).toBeVisible();
  await page.getByRole('tab', { name: 'Auto' }).click();
  await expectNoHorizontalScroll(page);
  await shot(page, 'verify');
  await page.getByRole('button', { name: 'Verificar automáticamente' }).click();

  await expect(page).toHaveURL(/\/done$/);
  await page.getByLabel('Nombre visible').fill('Eva Asistente');
  await page.getByRole('button', { name: 'Empezar' }).click();
  await expect(page.getByText('Debes aceptar las normas de la comunidad para continuar')).toBeVisible();
  await page.getByLabel('Acepto las normas de la comunidad').check();
  await expectNoHorizontalScroll(page);
  await shot(page, 'done');
  await page.getByRole('button', { name: 'Empezar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const profile = (await (await page.request.get('/api/v1/profile')).json()) as Record<string, unknown>;
  expect(profile).toMatchObject({
    fullName: 'Eva Asistente',
    phone: '+34600111222',
    relation: 'resident',
    onboardingCompleted: true,
    onboardingStep: null,
    role: 'admin',
  });
  // Back on /start, a finished user goes on to the dashboard.
  await page.goto('/start');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a member edits the profile with an avatar', async ({ page, context }) => {
  const user = newUser('Pablo Perfil');
  await signUpConfirmed(context, user, community('Comunidad Perfil'));

  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil Personal' })).toBeVisible();
  await expect(page.getByText('Administrador')).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByTestId('avatar-input').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png(8, [37, 99, 235]) });
  await expect(page.getByRole('main').locator('img[src^="/files/avatars/"]')).toBeVisible();
  await page.getByLabel('Nombre completo').fill('Pablo Perfil Editado');
  await page.getByLabel(/^Teléfono/).fill('+34 611 222 333');
  await page.getByRole('switch', { name: /Mostrar mi teléfono/ }).click();
  await expectNoHorizontalScroll(page);
  await shot(page, 'settings-profile-edit');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Tu perfil se actualizó correctamente')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Pablo Perfil Editado')).toBeVisible();
  await expect(page.getByText('+34611222333')).toBeVisible();
  const avatar = page.getByRole('main').locator('img[src^="/files/avatars/"]');
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);

  // A file of the wrong type is refused with the server's message.
  await page.getByRole('button', { name: 'Editar' }).click();
  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByText(/Tipo de archivo no válido/)).toBeVisible();
});

test('an admin promotes members, and a 4th admin is refused', async ({ page, context, browser, server }) => {
  test.setTimeout(90_000);
  const admin = newUser('Ada Admin');
  await signUpConfirmed(context, admin, community('Comunidad Roles'));
  const code = await communityCode(context);
  const members: NewUser[] = [];
  for (const name of ['Bruno Uno', 'Carla Dos', 'Dani Tres']) {
    const member = newUser(name);
    const other = await phoneContext(browser, server.url);
    await signUpConfirmed(other, member, { join: code });
    await other.close();
    members.push(member);
  }

  await page.goto('/settings/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Roles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Miembros de la Comunidad' })).toBeVisible();
  await expect(page.getByText('Máximo 3 administradores permitidos. Actualmente hay 1 administrador(es).')).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.getByRole('combobox', { name: 'Rol de Ada Admin' }).selectOption('user');
  await expect(page.getByText('No puedes modificar tu propio rol')).toBeVisible();

  for (const [i, member] of members.slice(0, 2).entries()) {
    await page.getByRole('combobox', { name: `Rol de ${member.fullName}` }).selectOption('admin');
    await expect(page.getByText(`Actualmente hay ${i + 2} administrador(es).`)).toBeVisible();
  }
  await shot(page, 'settings-roles');
  await page.getByRole('combobox', { name: `Rol de ${members[2]?.fullName ?? ''}` }).selectOption('admin');
  await expect(page.getByText('Límite alcanzado')).toBeVisible();
  await expect(page.getByText('No puede haber más de 3 administradores en la comunidad')).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Rol de ${members[2]?.fullName ?? ''}` })).toHaveValue('user');

  // My community shows the admins and the same limit text.
  await page.goto('/settings/my-community');
  await expect(page.getByText('Actualmente hay 3 administrador(es).')).toBeVisible();
  await expect(page.getByText(`/register?token=${code}`)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'settings-my-community');
});

test('switching the language to Catalan changes the texts at once', async ({ page, context }) => {
  await signUpConfirmed(context, newUser('Carme Idioma'), community('Comunitat Idioma'));
  await page.goto('/settings/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Aplicación' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar y Salir' })).toHaveCount(0);

  await page.getByLabel('Idioma', { exact: true }).selectOption('ca');
  await expect(page.getByRole('heading', { level: 1, name: 'Aplicació' })).toBeVisible();
  await expect(page.getByText('Mida de la lletra')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ca');
  await shot(page, 'settings-app-ca');
  await page.getByRole('button', { name: 'Desar i sortir' }).click();
  await expect(page.getByText('Configuració desada')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuració' })).toBeVisible();

  await page.reload(); // kept on the device
  await expect(page.getByRole('heading', { level: 1, name: 'Configuració' })).toBeVisible();
});

test('the dark theme applies to the whole page', async ({ page, context }) => {
  await signUpConfirmed(context, newUser('Dora Tema'), community('Comunidad Tema'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings/app');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();

  await page.getByLabel('Tema', { exact: true }).selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(background).not.toBe(light);
  await expect(page.getByRole('button', { name: 'Guardar y Salir' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'settings-app-dark');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByLabel('Tema', { exact: true }).selectOption('system');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Guardar y Salir' })).toHaveCount(0);
});

test('deleting the account ends at /login and the account can no longer sign in', async ({ page, context }) => {
  const user = newUser('Elena Baja');
  await signUpConfirmed(context, user, community('Comunidad Baja'));
  await page.goto('/settings/account-management');
  await expectNoHorizontalScroll(page);
  await shot(page, 'settings-account');
  await page.getByRole('button', { name: 'Eliminar Cuenta' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Eliminar Cuenta' })).toBeVisible();
  await dialog.getByLabel('Contraseña actual', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Cuenta eliminada')).toBeVisible();
  const login = await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(401);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Email o contraseña incorrectos')).toBeVisible();
});

test('every settings screen fits the phone', async ({ page, context }) => {
  // A walk through every screen with a full-page screenshot each: a cap for a busy two-core machine.
  test.setTimeout(120_000);
  await signUpConfirmed(context, newUser('Fabio Pantalla con un nombre bastante largo'), community('Comunidad Pantallas'));
  await page.request.put('/api/v1/unit', { data: { unitNumber: '3B', floor: '3', building: 'Portal 2' } });
  for (const path of [
    '/settings',
    '/settings/profile',
    '/settings/my-community',
    '/settings/account-management',
    '/settings/app',
    '/settings/community-info',
    '/settings/unit-info',
    '/settings/roles',
    '/settings/verifications',
    '/settings/units',
    '/settings/invitations',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0); // loaded
    await expectNoHorizontalScroll(page);
    await shot(page, `screen${path.replaceAll('/', '-')}`);
  }
  await page.goto('/settings');
  await expect(page.getByText('Portal 2, 3, 3B')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Soporte' })).toHaveAttribute('href', /^mailto:.*\?subject=Soporte$/);
  await expect(page.getByText('1.0.0')).toBeVisible();
  await expect(page.getByText('10 Octubre 2025')).toBeVisible();
});

/** A neighbour of the admin's community, in a browser context of their own that has finished the wizard. */
async function neighbour(browser: Browser, url: string, code: string, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, url);
  await signUpConfirmed(context, newUser(name), { join: code });
  const done = await context.request.post('/api/v1/onboarding/done', { data: { displayName: name, rulesAccepted: true } });
  expect(done.status(), await done.text()).toBe(200);
  return { context, page: await context.newPage() };
}

test('an admin approves a document and hands out a code; the neighbours see level 2', async ({ page, context, browser, server }) => {
  test.setTimeout(90_000);
  await signUpConfirmed(context, newUser('Vera Verifica'), community('Comunidad Verificada'));
  const code = await communityCode(context);

  // Bea asks for level 2 with a document, from her community settings.
  const bea = await neighbour(browser, server.url, code, 'Bea Documento');
  await bea.page.goto('/settings/my-community');
  await expect(bea.page.getByText('Nivel 1 · Automática')).toBeVisible();
  await bea.page.getByRole('link', { name: 'Verificar mi vivienda' }).click();
  await bea.page.getByRole('tab', { name: 'Documento' }).click();
  await bea.page
    .locator('#verify-document')
    .setInputFiles({ name: 'escritura.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await bea.page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(bea.page).toHaveURL(/\/settings\/my-community$/);
  await expect(bea.page.getByText(/Documento pendiente de revisión/)).toBeVisible();

  // The admin sees it waiting, opens the document and approves it.
  await page.goto('/settings/my-community');
  await expect(page.getByText('1 solicitud pendiente de revisión')).toBeVisible();
  await page.getByRole('link', { name: 'Revisar verificaciones' }).click();
  const request = page.getByRole('listitem', { name: 'Bea Documento' });
  await expect(request.getByText('Pendiente de revisión')).toBeVisible();
  const documentUrl = (await request.getByRole('link', { name: /Ver documento/ }).getAttribute('href')) ?? '';
  const document = await page.request.get(documentUrl);
  expect(document.status()).toBe(200);
  expect(document.headers()['content-type']).toBe('application/pdf');
  await expectNoHorizontalScroll(page);
  await shot(page, 'settings-verifications');
  await request.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Verificación aprobada')).toBeVisible();
  await expect(page.getByText('No hay solicitudes pendientes')).toBeVisible();

  await bea.page.reload();
  await expect(bea.page.getByText('Nivel 2 · Vivienda verificada')).toBeVisible();
  await bea.context.close();

  // A code from the admin, for Carlos and his flat, verifies him at once; nobody else can use it, and
  // he cannot use it twice (issue #33).
  const flat = await page.request.post('/api/v1/community/units', { data: { name: '2º A', floor: '2º' } });
  expect(flat.status(), await flat.text()).toBe(201);
  const carlos = await neighbour(browser, server.url, code, 'Carlos Código');
  const carlosEmail = ((await (await carlos.context.request.get('/api/v1/profile')).json()) as { email: string }).email;
  await page.reload();
  await page.getByLabel('Vecino', { exact: true }).selectOption({ label: `Carlos Código (${carlosEmail})` });
  await page.getByLabel('Vivienda', { exact: true }).selectOption({ label: '2º A' });
  await page.getByRole('button', { name: 'Generar código' }).click();
  await expect(page.getByText('Para Carlos Código, vivienda 2º A.', { exact: false })).toBeVisible();
  const issued = (await page.locator('code').first().textContent())?.trim() ?? '';
  expect(issued).toMatch(/^[A-Z0-9]{6,}$/);
  const again = await neighbour(browser, server.url, code, 'Dora Repite');
  const stolen = await again.context.request.post('/api/v1/onboarding/verify', { data: { method: 'code', code: issued } });
  expect(stolen.status()).toBe(422);
  await carlos.page.goto('/verify');
  await carlos.page.getByRole('tab', { name: 'Código' }).click();
  await carlos.page.getByLabel('Código de verificación').fill(issued);
  await carlos.page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(carlos.page).toHaveURL(/\/settings\/my-community$/);
  await expect(carlos.page.getByText('Nivel 2 · Vivienda verificada')).toBeVisible();
  const reuse = await carlos.context.request.post('/api/v1/onboarding/verify', { data: { method: 'code', code: issued } });
  expect(reuse.status()).toBe(422);
  await carlos.context.close();
  await again.context.close();
});

test('an email change takes effect only once the new address is confirmed', async ({ page, context }) => {
  const user = newUser('Elena Email');
  await signUpConfirmed(context, user, community('Comunidad Email'));
  const newEmail = newUser().email;

  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  // A new address asks for the current password (issue #12).
  await page.getByLabel('Contraseña actual').fill(user.password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Hemos enviado un enlace a ${newEmail}. El cambio se aplicará cuando lo abras.`).first()).toBeVisible();
  // The old address is told, with a link that cancels the change while it is pending.
  expect(await mailLink(page.request, user.email, '/cancel-email-change')).toContain('token=');
  // Until then the old address still signs in.
  const before = await page.request.get('/api/v1/me');
  expect(((await before.json()) as { email: string }).email).toBe(user.email);

  await page.goto(await mailLink(page.request, newEmail, '/confirm-email-change'));
  await expect(page.getByRole('heading', { name: 'Email actualizado' })).toBeVisible();
  await expect(page.getByText(`A partir de ahora tu email es ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Ir a mi perfil' }).click();
  await expect(page.getByText(newEmail)).toBeVisible();

  // The new address signs in; the old one no longer does.
  const fresh = await page.request.post('/api/v1/auth/login', { data: { email: newEmail, password: user.password } });
  expect(fresh.status()).toBe(200);
  const old = await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(old.status()).toBe(401);
});

test('a user who finds a community by address waits for an admin to approve the request', async ({ page, context, browser, server }) => {
  test.setTimeout(90_000);
  const street = `Solicitud ${Date.now().toString(36)}`;
  await signUpConfirmed(context, newUser('Rosa Revisa'), {
    create: { name: 'Comunidad Solicitud', address: `Calle ${street} 9`, city: 'Madrid', postalCode: '28013' },
  });

  // Inés, with no community, goes through the wizard to /find-community.
  const ines = newUser('Inés Solicita');
  const inesContext = await phoneContext(browser, server.url);
  await signUpConfirmed(inesContext, ines, null);
  for (const [path, data] of [
    ['/api/v1/onboarding/start', { language: 'es', privacyConsent: true }],
    ['/api/v1/onboarding/join', { relation: 'resident' }],
  ] as const) {
    const res = await inesContext.request.post(path, { data });
    expect(res.status(), await res.text()).toBe(200);
  }
  const inesPage = await inesContext.newPage();
  await inesPage.goto('/find-community');
  await inesPage.getByRole('tab', { name: 'Dirección' }).click();
  await inesPage.getByLabel('Provincia').fill('Madrid');
  await inesPage.getByLabel('Municipio').fill('Madrid');
  await inesPage.getByLabel('Nombre de la calle').fill(street);
  await inesPage.getByLabel('Número', { exact: true }).fill('9');
  await inesPage.getByRole('button', { name: 'Buscar' }).click();
  await inesPage.getByRole('button', { name: /Comunidad Solicitud/ }).click();

  await expect(inesPage).toHaveURL(/\/choose-unit$/);
  await inesPage.getByLabel('Planta').fill('2');
  await inesPage.getByLabel('Puerta').fill('B');
  await inesPage.getByLabel('Soy el propietario de esta vivienda').check();
  await inesPage.getByRole('button', { name: 'Unirme a la comunidad' }).click();
  await expect(inesPage.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
  await expect(inesPage.getByText(/Un administrador de la comunidad debe aprobar tu solicitud/)).toBeVisible();
  await expectNoHorizontalScroll(inesPage);
  await shot(inesPage, 'join-request-sent');
  // A request is no way in.
  expect((await inesContext.request.get('/api/v1/incidents')).status()).toBe(403);
  expect((await inesContext.request.get('/api/v1/directory')).status()).toBe(403);

  // The admin approves it in the review screen.
  await page.goto('/settings/verifications');
  const request = page.getByRole('listitem', { name: 'Inés Solicita' });
  await expect(request.getByText(/Vivienda 2 · B/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'settings-join-requests');
  await request.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Solicitud aprobada')).toBeVisible();
  await expect(page.getByText('No hay solicitudes para unirse')).toBeVisible();
  // Her owner claim now waits for confirmation on its own.
  await expect(page.getByRole('listitem', { name: 'Inés Solicita' }).getByText(/Dice ser el propietario de la vivienda 2 · B/)).toBeVisible();

  // Inés is told and gets in.
  await inesPage.getByRole('button', { name: 'Comprobar ahora' }).click();
  await expect(inesPage.getByRole('heading', { name: 'Solicitud aprobada' })).toBeVisible();
  await inesPage.getByRole('button', { name: 'Continuar' }).click();
  await expect(inesPage).toHaveURL(/\/verify$/);
  expect((await inesContext.request.get('/api/v1/incidents')).status()).toBe(200);
  await inesContext.close();
});

// Issue 33: the community code alone was full membership. The admin replaces it in the community's
// settings (after a confirmation), and the old code stops finding the community.
test('an admin changes the community code in settings, and the old one stops working', async ({ page, context }) => {
  await signUpConfirmed(context, newUser('Carla Código'), community('Comunidad Código'));
  await page.goto('/settings/community-info');
  const code = page.getByTestId('community-code');
  await expect(code).toHaveText(/^[A-Z0-9]{8}$/);
  const old = (await code.textContent()) ?? '';

  await page.getByRole('button', { name: 'Cambiar el código' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Cambiar el código de la comunidad?' });
  await expect(dialog).toContainText('las cartas ya repartidas');
  await dialog.getByRole('button', { name: 'Cambiar código' }).click();
  await expect(dialog).toBeHidden();
  await expect(code).not.toHaveText(old);
  await expect(code).toHaveText(/^[A-Z0-9]{8}$/);
  const fresh = (await code.textContent()) ?? '';
  await expect(page.getByText(`El nuevo código es ${fresh}.`)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'community-code-rotated');

  // The old letters and links: the register page says the code was changed.
  const lookup = await context.request.get(`/api/v1/communities/lookup/${old}`);
  expect(lookup.status()).toBe(410);
  await context.clearCookies();
  await page.goto(`/register?token=${old}`);
  await expect(page.getByText('Este código ya no es válido: la administración de la comunidad lo ha cambiado.').first()).toBeVisible();
  expect((await context.request.get(`/api/v1/communities/lookup/${fresh}`)).status()).toBe(200);
});

// A community created now requires approval: a neighbour who signs up with its code confirms their email
// and sees that their request waits for an admin, with no way in until then.
test('joining with the code of a community that requires approval leaves the request pending', async ({ page, context, browser, server }) => {
  test.setTimeout(90_000);
  await signUpConfirmed(context, newUser('Aurora Aprueba'), community('Comunidad Aprobación'));
  await page.goto('/settings/community-info');
  const approval = page.getByRole('switch', { name: 'Aprobar a quien se une con el código' });
  await expect(approval).toHaveAttribute('aria-checked', 'true');
  const code = (await page.getByTestId('community-code').textContent()) ?? '';

  const nico = newUser('Nico Nuevo');
  const nicoContext = await phoneContext(browser, server.url);
  const signup = await nicoContext.request.post('/api/v1/auth/signup', {
    data: { email: nico.email, password: nico.password, fullName: nico.fullName, language: 'es', acceptTerms: true,
      metadata: { community_role: 'Inquilino', community_intent: 'join', invite_token: code } },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const nicoPage = await nicoContext.newPage();
  await nicoPage.goto(await mailLink(nicoContext.request, nico.email, '/confirm-email'));
  await expect(nicoPage).toHaveURL(/\/choose-unit$/);
  await expect(nicoPage.getByRole('heading', { name: 'Solicitud enviada' })).toBeVisible();
  await expect(nicoPage.getByText('Has pedido unirte a «Comunidad Aprobación».')).toBeVisible();
  await expectNoHorizontalScroll(nicoPage);
  await shot(nicoPage, 'code-join-request-pending');
  expect((await nicoContext.request.get('/api/v1/community')).status()).toBe(403);
  expect((await nicoContext.request.get('/api/v1/directory')).status()).toBe(403);
  await nicoContext.close();
});
