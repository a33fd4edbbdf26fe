// Accounts: registration in three steps, email confirmation through the dev mailbox, sign-out and
// sign-in, password recovery, the login errors, the session gate and the invitation link, in the
// Spanish UI at a phone viewport.
//
// Rate limits count per server and per IP (sign-ups and logins, emails per address and kind), so this
// file runs on its own server: it overrides the worker-scoped `server` fixture, which gives its tests
// workers of their own (never shared with other spec files) whose `page`, `request` and `baseURL` point
// at a fresh `vecinos serve`, stopped when the worker ends.
import type { APIRequestContext, Page } from '@playwright/test';
import { communityCode, mailLink, newUser, signUpConfirmed, type NewUser } from './support/users';
import { expect, expectNoHorizontalScroll, withOwnServer } from './support/fixtures';

const test = withOwnServer('auth');

/** The URL of this app path and nothing else (no query string or hash). */
const at = (path: string) => new RegExp(`^[^?#]*//[^/]+${path.replace(/[/?]/g, '\\$&')}(?:[?#]|$)`);

/** A toast (Sonner's notifications region) containing this text. */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: text });
}

/**
 * The field labelled exactly this (so 'Contraseña' is not 'Mostrar contraseña'); an optional field's
 * label ends in '(opcional)' (the space before it is only a CSS margin, so the name may lack it).
 */
function field(page: Page, label: string, opts: { optional?: boolean } = {}) {
  if (!opts.optional) return page.getByLabel(label, { exact: true });
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(opcional\\)$`));
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  await field(page, 'Email').fill(email);
  await field(page, 'Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Step 0 of /register: name, email and password, then 'Siguiente' (which checks the email). */
async function fillAccountStep(page: Page, user: NewUser): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: 'Cuenta' })).toBeVisible();
  await field(page, 'Nombre completo').fill(user.fullName);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Comunidad' })).toBeVisible();
}

/** Signs up through the API without confirming the email (the request context keeps its cookies to itself). */
async function signUpUnconfirmed(request: APIRequestContext, user: NewUser): Promise<void> {
  const res = await request.post('/api/v1/auth/signup', {
    data: {
      email: user.email,
      password: user.password,
      fullName: user.fullName,
      language: 'es',
      metadata: {
        community_role: 'Presidente',
        community_intent: 'create',
        community_name: 'Calle Sin Confirmar 3',
        community_address: 'Calle Sin Confirmar 3',
        community_city: 'Madrid',
        community_postal_code: '28003',
      },
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Starts timing, inside the page, how long the heading `title` is shown before the app changes route;
 * the returned function gives the milliseconds once the route has changed.
 */
async function successStay(page: Page, title: string): Promise<() => Promise<number>> {
  await page.evaluate((title) => {
    const w = window as unknown as { shownAt?: number; leftAt?: number };
    new MutationObserver(() => {
      if (w.shownAt === undefined && document.querySelector('h1')?.textContent?.includes(title)) w.shownAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        if (w.shownAt !== undefined && w.leftAt === undefined) w.leftAt = performance.now();
        original(...args);
      };
    }
  }, title);
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { shownAt?: number; leftAt?: number };
      return (w.leftAt ?? Number.NaN) - (w.shownAt ?? Number.NaN);
    });
}

test.describe('registration', () => {
  test('three steps, the dev mailbox, confirmation, sign-out and sign-in again', async ({ page, context, request }) => {
    test.slow(); // a whole journey: three steps, a mailbox, a 1.5 s redirect, two sign-ins
    const user = { ...newUser('Lucía Fernández'), password: 'Secreto123!' };

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Progreso del registro' })).toBeVisible();
    await expect(page.getByText('Paso 1 de 3')).toBeVisible();

    // Step 0, Cuenta.
    await field(page, 'Nombre completo').fill(user.fullName);
    await field(page, 'Email').fill(user.email);
    await field(page, 'Contraseña').fill(user.password);
    const meter = page.getByRole('meter', { name: 'Seguridad de la contraseña' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'Fuerte');
    await expect(page.getByText('Seguridad de la contraseña: Fuerte')).toBeVisible();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 1, Comunidad.
    await expect(page.getByRole('heading', { level: 2, name: 'Comunidad' })).toBeVisible();
    await expect(page.getByText('Paso 2 de 3')).toBeVisible();
    await field(page, 'Tipo de vía').selectOption('Avenida');
    await field(page, 'Nombre de la vía').fill('de la Prueba');
    await field(page, 'Número').fill('12');
    await field(page, 'Código postal').fill('28013');
    await field(page, 'Número de plantas').fill('6');
    await field(page, 'Puertas por planta').fill('4');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2, Contactos.
    await expect(page.getByRole('heading', { level: 2, name: 'Contactos' })).toBeVisible();
    await expect(page.getByText('Paso 3 de 3')).toBeVisible();
    await page.getByRole('radio', { name: 'Presidente' }).check();
    await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check();
    await page.getByRole('button', { name: 'Finalizar registro' }).click();

    await expect(page).toHaveURL(at('/email-pending'), { timeout: 10_000 });
    await expect(toast(page, '¡Registro exitoso! Revisa tu email para confirmar tu cuenta.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu email' })).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();

    // The dev mailbox (the server's own page, opened in a new tab) lists the confirmation email.
    const link = await mailLink(request, user.email, '/confirm-email');
    const [mailbox] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Abrir el buzón de desarrollo/ }).click(),
    ]);
    await mailbox.waitForLoadState();
    expect(new URL(mailbox.url()).pathname).toBe('/dev/mailbox');
    await expect(mailbox.getByRole('heading', { level: 1, name: 'Buzón de desarrollo' })).toBeVisible();
    const message = mailbox.getByRole('article').filter({ hasText: user.email });
    await expect(message).toHaveCount(1);
    await expect(message.getByRole('heading', { name: 'Confirma tu email en Vecinos' })).toBeVisible();
    await expect(message.getByRole('link', { name: link, exact: true })).toHaveAttribute('href', link);
    await mailbox.close();

    // Following the link confirms the email, signs in and opens the dashboard after a moment.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: '¡Email confirmado!' })).toBeVisible();
    await expect(page).toHaveURL(at('/dashboard'), { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${user.fullName}` })).toBeVisible();
    // The community the registration created (named after its address) is the user's.
    await expect(page.getByText(/Avenida de la Prueba 12/).first()).toBeVisible();

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(toast(page, 'Sesión cerrada')).toBeVisible();
    await expect(page).toHaveURL(at('/login'));

    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(at('/dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${user.fullName}` })).toBeVisible();
  });
});

test.describe('password recovery', () => {
  test('forgot password, the emailed link, a new password; the old one no longer works', async ({
    page,
    context,
    request,
  }) => {
    test.slow(); // waits out the 2 s redirect after the reset
    const user = newUser('Marta Recupera');
    const newPassword = 'NuevaClave456';
    await signUpConfirmed(context, user, {
      create: { name: 'Calle Olvido 7', address: 'Calle Olvido 7', city: 'Madrid', postalCode: '28004' },
    });
    await context.clearCookies(); // a signed-out visitor who forgot the password

    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page).toHaveURL(at('/forgot-password'));
    await expect(page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' })).toBeVisible();
    await field(page, 'Email').fill(user.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email enviado' })).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar a otro correo' })).toBeVisible();

    const link = await mailLink(request, user.email, '/reset-password');

    // Hold the link check until 'Verificando enlace...' has been seen (against a local server it is instant).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/reset-password/check', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Verificando enlace...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva contraseña' })).toBeVisible();
    await page.unroute('**/api/v1/auth/reset-password/check');

    const password = field(page, 'Nueva contraseña');
    const confirm = field(page, 'Confirmar contraseña');
    const submit = page.getByRole('button', { name: 'Actualizar contraseña' });

    await password.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await submit.click();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveAccessibleDescription('Las contraseñas no coinciden');
    await expect(toast(page, 'Error de validación')).toContainText('Las contraseñas no coinciden');
    await expect(page).toHaveURL(at('/reset-password'));

    await confirm.fill(newPassword);
    const stay = await successStay(page, '¡Contraseña actualizada!');
    await submit.click();
    await expect(page.getByRole('heading', { level: 1, name: '¡Contraseña actualizada!' })).toBeVisible();
    await expect(toast(page, '¡Contraseña actualizada!')).toBeVisible();
    await expect(page).toHaveURL(at('/login'), { timeout: 10_000 });
    // Timed inside the page, from the heading's render to the route change, so a slow test runner that
    // notices the heading late does not shorten it.
    expect(await stay(), 'the success message stays about 2 s before /login').toBeGreaterThanOrEqual(1_500);

    // The old password is refused with the server's message; the new one signs in.
    await logIn(page, user.email, user.password);
    await expect(toast(page, 'Email o contraseña incorrectos')).toBeVisible();
    await expect(page).toHaveURL(at('/login'));

    await field(page, 'Contraseña').fill(newPassword);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(at('/dashboard'));
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${user.fullName}` })).toBeVisible();
  });
});

test.describe('login errors', () => {
  test('a wrong password is refused and the user stays on /login', async ({ page, context }) => {
    const user = newUser('Pedro Olvidadizo');
    await signUpConfirmed(context, user, {
      create: { name: 'Calle Error 1', address: 'Calle Error 1', city: 'Madrid', postalCode: '28005' },
    });
    await context.clearCookies();

    await page.goto('/login');
    await logIn(page, user.email, 'NoEsLaBuena999');
    await expect(toast(page, 'Email o contraseña incorrectos')).toBeVisible();
    await expect(page).toHaveURL(at('/login'));
    await expect(field(page, 'Email')).toHaveValue(user.email);
  });

  test("an unconfirmed account gets 'Email no verificado' and goes to /email-pending", async ({ page, request }) => {
    const user = newUser('Sin Confirmar');
    await signUpUnconfirmed(request, user);

    await page.goto('/login');
    await logIn(page, user.email, user.password);
    const notice = toast(page, 'Email no verificado');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Por favor, confirma tu email antes de iniciar sesión.');
    await expect(page).toHaveURL(at('/email-pending'));
    await expect(page.getByRole('heading', { level: 1, name: 'Revisa tu email' })).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reenviar email' })).toBeEnabled();
  });
});

test.describe('session gate and invitation link', () => {
  test('a signed-out visit to /dashboard goes to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(at('/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  });

  test('/register?token=CODE finds the community and locks the address', async ({ page, context }) => {
    const admin = newUser('Admin Invita');
    await signUpConfirmed(context, admin, {
      create: { name: 'Comunidad Mayor 5', address: 'Calle Mayor 5', city: 'Madrid', postalCode: '28013' },
    });
    const code = await communityCode(context);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await context.clearCookies(); // the invited neighbour is another, signed-out visitor

    await page.goto(`/register?token=${code}`);
    await expect(toast(page, 'Comunidad encontrada')).toContainText('Te unirás a Comunidad Mayor 5');

    await fillAccountStep(page, newUser('Vecino Invitado'));
    await expect(field(page, 'Código de invitación', { optional: true })).toHaveValue(code);
    await expect(page.getByText('Te unirás a esta comunidad')).toBeVisible();
    await expect(page.getByText('Calle Mayor 5, Madrid')).toBeVisible();

    // The address comes from the community and cannot be changed.
    await expect(field(page, 'Referencia catastral', { optional: true })).toBeDisabled();
    for (const label of ['Tipo de vía', 'Nombre de la vía', 'Número', 'Código postal']) {
      await expect(field(page, label), label).toBeDisabled();
    }
    await expect(field(page, 'Tipo de vía')).toHaveValue('Calle');
    await expect(field(page, 'Nombre de la vía')).toHaveValue('Mayor');
    await expect(field(page, 'Número')).toHaveValue('5');
    // The user's own floor and the building data stay editable.
    await expect(field(page, 'Tu piso', { optional: true })).toBeEnabled();
    await expect(field(page, 'Número de plantas')).toBeEnabled();
  });
});

test.describe('phone layout', () => {
  test('/login and /register fit the phone without horizontal scroll', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
