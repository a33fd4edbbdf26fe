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
