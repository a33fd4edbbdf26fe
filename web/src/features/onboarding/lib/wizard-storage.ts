import { readStored, removeStored, writeStored } from '@/lib/device-storage'
import type { CommunityMatch } from '../api/onboarding'

// What the wizard keeps on the device between its pages (spec §3: "onboarding keeps the chosen community,
// unit and role in device storage"). The mark /start leaves for a visitor is in lib/pending-start.

const COMMUNITY_KEY = 'vecinos.onboarding.community'

/** The community picked in /find-community, which /choose-unit joins. */
export function saveChosenCommunity(community: CommunityMatch): void {
  writeStored(sessionStorage, COMMUNITY_KEY, community)
}

export function readChosenCommunity(): CommunityMatch | null {
  const value = readStored(sessionStorage, COMMUNITY_KEY)
  if (typeof value !== 'object' || value === null) return null
  const id: unknown = Reflect.get(value, 'id')
  const name: unknown = Reflect.get(value, 'name')
  return typeof id === 'string' && typeof name === 'string' ? (value as CommunityMatch) : null
}

export function forgetChosenCommunity(): void {
  removeStored(sessionStorage, COMMUNITY_KEY)
}
