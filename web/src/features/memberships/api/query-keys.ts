/**
 * Memberships' own query keys: the claims and proposed units waiting for an admin, and the user's units.
 * Rooted at ['units'], the realtime area the server names after a units, claim or invitation change, so
 * they refetch live without refetching the community and its members. A key that another feature or
 * src/lib uses is in src/lib/query-keys.ts (ADR 0039).
 */
export const membershipsKeys = {
  units: {
    /** Units members gave by floor and door, waiting for an admin. */
    newUnits: () => ['units', 'new-units'] as const,
    /** Members who said they own a unit, waiting for an admin. */
    ownerClaims: () => ['units', 'owner-claims'] as const,
    /** Members who said they live in a further unit, waiting for an admin. */
    residentClaims: () => ['units', 'resident-claims'] as const,
    /** The user's units: the primary one and their further units (a garage, a second flat). */
    mine: () => ['units', 'my-units'] as const,
  },
}
