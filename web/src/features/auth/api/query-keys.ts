/**
 * The sign-in screens' own query keys. A key that another feature or src/lib uses is in
 * src/lib/query-keys.ts (ADR 0039).
 */
export const authKeys = {
  resetLink: (token: string) => ['reset-link', token] as const,
}
