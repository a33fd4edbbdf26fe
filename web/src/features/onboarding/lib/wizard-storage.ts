import type { Language } from '@/lib/app-settings'
import type { CommunityMatch } from '../api/onboarding'

// What the wizard keeps on the device between its pages (spec §3: "onboarding keeps the chosen community,
// unit and role in device storage").

const START_KEY = 'vecinos.onboarding.start'
const COMMUNITY_KEY = 'vecinos.onboarding.community'

/**
 * /start for a visitor creates the account and leaves this mark: once the email is confirmed (maybe in
 * another tab of the same browser), /start records the consent given here and the wizard continues.
 */
export interface PendingStart {
  language: Language
  privacyConsent: true
}

export function savePendingStart(value: PendingStart): void {
  write(localStorage, START_KEY, value)
}

export function readPendingStart(): PendingStart | null {
  const value = read(localStorage, START_KEY)
  if (typeof value !== 'object' || value === null) return null
  const language: unknown = Reflect.get(value, 'language')
  if (language !== 'es' && language !== 'ca' && language !== 'en') return null
  return { language, privacyConsent: true }
}

export function forgetPendingStart(): void {
  remove(localStorage, START_KEY)
}

/** Whether a visitor started the wizard on this device and has not been through /start signed in yet. */
export function hasPendingStart(): boolean {
  return readPendingStart() !== null
}

/** The community picked in /find-community (its choice token), which /choose-unit asks to join. */
export function saveChosenCommunity(community: CommunityMatch): void {
  write(sessionStorage, COMMUNITY_KEY, community)
}

export function readChosenCommunity(): CommunityMatch | null {
  const value = read(sessionStorage, COMMUNITY_KEY)
  if (typeof value !== 'object' || value === null) return null
  const choice: unknown = Reflect.get(value, 'choice')
  const name: unknown = Reflect.get(value, 'name')
  return typeof choice === 'string' && typeof name === 'string' ? (value as CommunityMatch) : null
}

export function forgetChosenCommunity(): void {
  remove(sessionStorage, COMMUNITY_KEY)
}

function read(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null')
  } catch {
    return null
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value))
  } catch {
    // storage blocked: the wizard still works within this page
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key)
  } catch {
    // nothing to forget
  }
}
