/**
 * The settings' own query keys: my consent, my push settings and the invitations (rooted at the units'
 * realtime area). A key that another feature or src/lib uses is in src/lib/query-keys.ts (ADR 0039).
 */
export const settingsKeys = {
  /** My acceptance of the terms and the privacy policy (GET /account/consent). */
  consent: () => ['consent'] as const,
  /** My web push settings: the server's key, the kinds on, my devices (issue #17). */
  push: () => ['push'] as const,
  /**
   * The invitations the admins sent, rooted at ['units'], the realtime area the server names after a
   * units, claim or invitation change, so they refetch live.
   */
  invitations: () => ['units', 'invitations'] as const,
}
