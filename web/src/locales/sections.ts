// Which catalogue sections each part of the app downloads (ADR 0029). vite.config.ts cuts them out of the
// merged catalogues at build time; src/locales/guest-sections.test.ts checks that a guest screen uses no
// key outside them, so that none ever shows a raw key.

/**
 * What the first screen (the landing page, the loading spinner, the offline and update notices) shows: in
 * the main chunk in every language, a few hundred bytes each (`virtual:locale-core`).
 */
export const CORE_SECTIONS = ['app', 'landing', 'common', 'pwa']

/**
 * What the guest screens (sign-in, registration, the email confirmation and password pages) show besides
 * the core: one chunk per language (`<language>.json?guest`), a fifth of the whole catalogue, which loads
 * only past them.
 */
export const GUEST_SECTIONS = ['auth', 'errors', 'session']
