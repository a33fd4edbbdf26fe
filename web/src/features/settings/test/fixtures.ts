import type { Profile } from '@/lib/profile'

/** A signed-in member's profile as GET /api/v1/profile answers it. */
export const testProfile: Profile = {
  id: 'user-1',
  email: 'ana@example.com',
  pendingEmail: null,
  hasPassword: true,
  language: 'es',
  fullName: 'Ana García',
  phone: '+34600111222',
  avatarUrl: null,
  contactVisible: false,
  communityId: 'community-1',
  unitId: null,
  role: 'admin',
  relation: 'resident',
  onboardingStep: null,
  onboardingCompleted: true,
  privacyAccepted: true,
  rulesAccepted: true,
}
