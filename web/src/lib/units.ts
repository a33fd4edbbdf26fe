import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

// The community's units as settings' Viviendas y locales and memberships' screens (the review queue, one's
// further units) read them.

export type AdminUnit = components['schemas']['AdminUnit']
export type AdminUnitsBody = components['schemas']['AdminUnitsOutputBody']
export type AdminUnitList = Omit<AdminUnitsBody, 'units'> & { units: AdminUnit[] }

/** The admins' list as the screens read it: the contract leaves `units` optional, the list has them all. */
export function adminUnitList(body: AdminUnitsBody): AdminUnitList {
  return { ...body, units: body.units ?? [] }
}

/** The community's units with the sum of their coeficientes (admins only). */
export function useAdminUnits(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.units.list(),
    queryFn: async () => adminUnitList(await unwrap(api.GET('/api/v1/community/units'))),
    enabled,
  })
}

/** 'Portal 1 · Escalera 2 · 1º A': how a unit is named to people. */
export function unitLabel(u: Pick<AdminUnit, 'building' | 'staircase' | 'name'>): string {
  return [u.building, u.staircase, u.name].filter(Boolean).join(' · ')
}

export type CommunityUnit = components['schemas']['Unit']

/** The units of the member's own community: which one an invitation is for, which further unit is one's. */
export function useOwnCommunityUnits(communityId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.onboardingUnits(communityId),
    enabled: Boolean(communityId),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/onboarding/communities/{id}/units', { params: { path: { id: communityId ?? '' } } }))).units ?? [],
  })
}
