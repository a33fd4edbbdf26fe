// The steps of the registration after the first (Comunidad, Contactos), the checks of every step and the
// request they end in: a chunk the page loads once the first step shows, so that a first visit to /register
// does not download them (issue #39).
export { buildSignUp } from './build-signup'
export { splitAddress } from './community-values'
export { CommunityStep } from './community-step'
export { ContactsStep } from './contacts-step'
export { validateCommunity, validateContacts } from './validate-later-steps'
export { validateAccount } from './validate-steps'
