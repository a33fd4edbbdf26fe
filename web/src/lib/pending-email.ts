// The email waiting for confirmation, kept for the tab's lifetime so /email-pending survives a reload.
const KEY = 'vecinos.pendingEmail'

export function savePendingEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email)
  } catch {
    // storage blocked: the page asks for the email instead
  }
}

export function readPendingEmail(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function forgetPendingEmail(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing to forget
  }
}

/** The `email` carried in navigation state (login and registration send the user on with it). */
export function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null
  const email: unknown = Reflect.get(state, 'email')
  return typeof email === 'string' && email !== '' ? email : null
}
