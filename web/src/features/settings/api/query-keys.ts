/**
 * The settings' own query keys: my consent, my push settings, the units (rooted at their realtime area,
 * 'units') and my unit. A key that another feature or src/lib uses is in src/lib/query-keys.ts
 * (ADR 0039).
 */
export const settingsKeys = {
  /** My acceptance of the terms and the privacy policy (GET /account/consent). */
  consent: () => ['consent'] as const,
  /** My web push settings: the server's key, the kinds on, my devices (issue #17). */
  push: () => ['push'] as const,
  /**
   * The units registry and what hangs on it (issue #21): the admins' screens and the member's own units.
   * Rooted at ['units'], the realtime area the server names after a registry, claim or invitation change,
   * so those refetch live without refetching the community and its members.
   */
  units: {
    all: ['units'] as const,
    /** The units registry (Viviendas y locales), admins only. */
    list: () => ['units', 'list'] as const,
    /** Units members gave by floor and door, waiting for an admin. */
    newUnits: () => ['units', 'new-units'] as const,
    /** Members who said they own a unit, waiting for an admin. */
    ownerClaims: () => ['units', 'owner-claims'] as const,
    /** Members who said they live in a further unit, waiting for an admin. */
    residentClaims: () => ['units', 'resident-claims'] as const,
    /** The invitations the admins sent. */
    invitations: () => ['units', 'invitations'] as const,
    /** The user's units: the primary one and their further units (a garage, a second flat). */
    mine: () => ['units', 'my-units'] as const,
  },
  /** The user's own unit. */
  myUnit: () => ['unit'] as const,
}
