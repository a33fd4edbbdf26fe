// Which catalogue sections each part of the app downloads (ADR 0029). vite.config.ts cuts them out of the
// merged catalogues at build time; src/app/guest-sections.test.ts checks that a guest screen uses no
// key outside them, so that none ever shows a raw key.

/**
 * What the first screen (the landing page, the loading spinner, the offline and update notices) shows: in
 * the main chunk in every language, a few hundred bytes each (`virtual:locale-core`).
 */
export const CORE_SECTIONS = ['app', 'landing', 'common', 'pwa']

/**
 * What the guest screens (sign-in, registration, the email confirmation and password pages) show besides
 * the core: their forms, the server's errors, the session gate, the links to the legal texts under the
 * registration form (consentGate.links), and the note after signing out. One chunk per language
 * (`<language>.json?guest`), a seventh of the whole catalogue, which loads only past them.
 */
export const GUEST_SECTIONS = ['auth', 'errors', 'session', 'consentGate']

/**
 * The parts of the guest sections the guest screens load (issue #39): each sign-in screen what it shows
 * (/register its first step; its later steps add theirs as they load), the other guest screens all of them.
 * A part is a list of key paths (`auth.login`), taken in order, less those written `!auth.register.community`
 * (a later path may take back a key of one left out); one chunk
 * per part and language (`<language>.json?<part>`). src/app/guest-sections.test.ts checks that each screen
 * names only keys of the core and of its part.
 */
export const GUEST_PARTS = {
  guest: GUEST_SECTIONS,
  login: ['auth.fields', 'auth.validation', 'auth.login', 'errors', 'session'],
  register: [
    'auth.fields',
    'auth.validation',
    'auth.register',
    '!auth.register.community',
    '!auth.register.contacts',
    // What the first step says about the code of an invitation link, looked up on arrival.
    ...['invitation', 'invitationInvalidTitle', 'foundTitle', 'foundDescription', 'invalidTokenTitle'].map(
      (key) => `auth.register.community.${key}`,
    ),
    'auth.register.community.invalidTokenDescription',
    'errors',
    'session',
  ],
  'register-later': ['auth.register.community', 'auth.register.contacts', 'consentGate'],
} satisfies Record<string, readonly string[]>

export type GuestPart = keyof typeof GUEST_PARTS

/** The part of a catalogue its paths name, in order (a copy). */
export function cataloguePart(catalogue: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  type Node = Record<string, unknown>
  const part: Node = {}
  /** The object at the keys, made on the way if asked to. */
  const at = (object: Node, keys: string[], make: boolean): Node | undefined => {
    let node = object
    for (const key of keys) {
      if (typeof node[key] !== 'object' || node[key] === null) {
        if (!make) return undefined
        node[key] = {}
      }
      node = node[key] as Node
    }
    return node
  }
  for (const path of paths) {
    const keys = path.replace(/^!/, '').split('.')
    const last = keys.pop() ?? ''
    if (path.startsWith('!')) {
      const node = at(part, keys, false)
      if (node) Reflect.deleteProperty(node, last)
      continue
    }
    const value = at(catalogue, keys, false)?.[last]
    if (value !== undefined) (at(part, keys, true) ?? part)[last] = JSON.parse(JSON.stringify(value)) as unknown
  }
  return part
}
