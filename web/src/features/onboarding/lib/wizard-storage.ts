import { readStored, removeStored, writeStored } from '@/lib/device-storage'
import type { CommunityMatch } from '../api/onboarding'

// What the wizard keeps on the device between its pages (spec §3: "onboarding keeps the chosen community,
// unit and role in device storage"). The mark /start leaves for a visitor is in lib/pending-start.

const COMMUNITY_KEY = 'vecinos.onboarding.community'

/** The community picked in /find-community (its choice token), which /choose-unit asks to join. */
export function saveChosenCommunity(community: CommunityMatch): void {
  writeStored(sessionStorage, COMMUNITY_KEY, community)
}

export function readChosenCommunity(): CommunityMatch | null {
  const value = readStored(sessionStorage, COMMUNITY_KEY)
  if (typeof value !== 'object' || value === null) return null
  const choice: unknown = Reflect.get(value, 'choice')
  const name: unknown = Reflect.get(value, 'name')
  return typeof choice === 'string' && typeof name === 'string' ? (value as CommunityMatch) : null
}

export function forgetChosenCommunity(): void {
  removeStored(sessionStorage, COMMUNITY_KEY)
}
