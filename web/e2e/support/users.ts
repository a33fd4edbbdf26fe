// Users for end-to-end tests, made through the real API and the dev mailbox (the server runs with
// VECINOS_DEV=1 and no SMTP), so a test starts signed in without clicking through registration.
// Rate limits count per server and per IP: a spec file that makes many users starts its own server.
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { phoneContext } from './fixtures';

export interface NewUser {
  email: string;
  password: string;
  fullName: string;
}

let counter = 0;

/** A fresh, unique user (the email is unique per run and per call). */
export function newUser(name = 'Vecina de Prueba'): NewUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return { email: `e2e-${id}@example.es`, password: 'Secreto123', fullName: name };
}

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest link to `path` in an email sent to `email`, waiting for the outbox worker to deliver it. */
export async function mailLink(request: APIRequestContext, email: string, path: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/dev/mailbox.json');
        const mails = (await res.json()) as Mail[];
        found = mails.filter((m) => m.to === email).flatMap((m) => m.links).find((l) => l.includes(path)) ?? '';
        return found;
      },
      { message: `an email to ${email} with a ${path} link`, timeout: 15_000 },
    )
    .not.toBe('');
  return found;
}

/** The token of a link such as http://…/confirm-email?token=XYZ. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

export type Community =
  | { create: { name: string; address: string; city: string; postalCode: string } }
  | { join: string } // a community code
  | null; // none yet: the onboarding wizard's user

/**
 * Signs a user up and confirms the email, which signs the browser context in. With `create` the user
 * becomes the admin of a new community; with `join` a member of an existing one; with null, of none.
 */
export async function signUpConfirmed(context: BrowserContext, user: NewUser, community: Community): Promise<void> {
  const metadata =
    community === null
      ? { community_role: 'Inquilino' }
      : 'create' in community
      ? {
          community_role: 'Presidente',
          community_intent: 'create',
          community_name: community.create.name,
          community_address: community.create.address,
          community_city: community.create.city,
          community_postal_code: community.create.postalCode,
        }
      : { community_role: 'Propietario', community_intent: 'join', invite_token: community.join };
  const request = context.request;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email: user.email, password: user.password, fullName: user.fullName, language: 'es', metadata, acceptTerms: true },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = tokenOf(await mailLink(request, user.email, '/confirm-email'));
  const confirm = await request.post('/api/v1/auth/confirm', { data: { token } });
  expect(confirm.status(), await confirm.text()).toBe(200);
}

/**
 * The community code of the signed-in user of this context. A community created now requires approval of
 * who joins with its code (issue 33); when this context is its admin, approval is turned off here, as for
 * the communities made before it existed, so that the neighbours of a test join with the code at once.
 */
export async function communityCode(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/api/v1/community');
  expect(res.status()).toBe(200);
  const community = (await res.json()) as { publicId: string; joinApproval: boolean };
  if (community.joinApproval) {
    // Only an admin may; a member's 403 leaves the community as it is.
    await context.request.patch('/api/v1/community', { data: { joinApproval: false } });
  }
  return community.publicId;
}

/** A signed-in phone browser of a spec's community, with a page open. */
export interface Neighbour {
  context: BrowserContext;
  page: Page;
}

/**
 * A community for a spec's users, each in a phone browser of their own on baseURL: the first name creates
 * it as its admin, each other name joins with its code. Returned in the order of the names.
 */
export async function neighbours(
  browser: Browser,
  baseURL: string,
  community: { name: string; address: string; city: string; postalCode: string },
  [adminName, ...memberNames]: string[],
): Promise<Neighbour[]> {
  const open = async (name: string, joining: Community, into: BrowserContext) => {
    await signUpConfirmed(into, newUser(name), joining);
    return { context: into, page: await into.newPage() };
  };
  const admin = await open(adminName, { create: community }, await phoneContext(browser, baseURL));
  const code = await communityCode(admin.context);
  const members = [];
  for (const name of memberNames) members.push(await open(name, { join: code }, await phoneContext(browser, baseURL)));
  return [admin, ...members];
}
