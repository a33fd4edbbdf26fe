/**
 * The query keys the guest screens use (the session, and the server's settings the login reads), alone in
 * their module: importing them from query-keys.ts put every shared key of the member screens (0.5 kB
 * brotli) in the download of the sign-in screens (issue #39, ADR 0043). query-keys.ts hands out the same
 * functions.
 */
export const sessionKey = () => ['session'] as const
export const appInfoKey = () => ['app-info'] as const
