import type { Language } from '@/lib/app-settings'
import { readStored, removeStored, writeStored } from '@/lib/device-storage'

const START_KEY = 'vecinos.onboarding.start'

/**
 * /start for a visitor creates the account and leaves this mark: once the email is confirmed (maybe in
 * another tab of the same browser), /start records the consent given here and the wizard continues; the
 * email confirmation page reads it to send the user back to /start.
 */
export interface PendingStart {
  language: Language
  privacyConsent: true
}

export function savePendingStart(value: PendingStart): void {
  writeStored(localStorage, START_KEY, value)
}

export function readPendingStart(): PendingStart | null {
  const value = readStored(localStorage, START_KEY)
  if (typeof value !== 'object' || value === null) return null
  const language: unknown = Reflect.get(value, 'language')
  if (language !== 'es' && language !== 'ca' && language !== 'en') return null
  return { language, privacyConsent: true }
}

export function forgetPendingStart(): void {
  removeStored(localStorage, START_KEY)
}

/** Whether a visitor started the wizard on this device and has not been through /start signed in yet. */
export function hasPendingStart(): boolean {
  return readPendingStart() !== null
}
