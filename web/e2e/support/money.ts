import type { BrowserContext } from '@playwright/test'
import { communityCode, newUser, signUpConfirmed } from './users'
import { expect } from './fixtures'

interface NewCommunity {
  name: string
  address: string
  city: string
  postalCode: string
}

/**
 * The start of the money specs (issue #36): admin creates the community with two flats at 50 % each, and
 * owner joins it and owns 1º A, confirmed by the admin.
 */
export async function twoFlatsWithAnOwner(
  admin: BrowserContext,
  owner: BrowserContext,
  community: NewCommunity,
  ownerName: string,
): Promise<void> {
  await signUpConfirmed(admin, newUser('Pilar Presidenta'), { create: community })
  const ids: Record<string, string> = {}
  for (const name of ['1º A', '2º A']) {
    const res = await admin.request.post('/api/v1/community/units', { data: { name, kind: 'vivienda', coefficient: '50' } })
    expect(res.status(), await res.text()).toBe(201)
    for (const unit of ((await res.json()) as { units: { id: string; name: string }[] }).units) ids[unit.name] = unit.id
  }
  await signUpConfirmed(owner, newUser(ownerName), { join: await communityCode(admin) })
  const chose = await owner.request.post('/api/v1/onboarding/choose-unit', { data: { unitId: ids['1º A'], owner: true } })
  expect(chose.status(), await chose.text()).toBe(200)
  const claims = (await (await admin.request.get('/api/v1/community/owner-claims?status=pending')).json()) as { claims: { id: string }[] }
  for (const claim of claims.claims) {
    const review = await admin.request.post(`/api/v1/community/owner-claims/${claim.id}/review`, { data: { decision: 'approved' } })
    expect(review.status(), await review.text()).toBe(200)
  }
}
