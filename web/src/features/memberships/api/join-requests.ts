import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/lib/api/schema'
import type { ReviewDecision } from '../components/review-buttons'
import { membershipsKeys } from './query-keys'

export type JoinRequest = components['schemas']['JoinRequest']
export type OwnerClaim = components['schemas']['OwnerClaim']
export type ResidentClaim = components['schemas']['ResidentClaim']


/** Admins only: the pending requests to join the community. */
export function usePendingJoinRequests() {
  return useQuery({
    queryKey: queryKeys.community.joinRequests(),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/community/join-requests', { params: { query: { status: 'pending' } } }))).requests ?? [],
  })
}

export function useReviewJoinRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: ReviewDecision; note?: string }) =>
      unwrap(
        api.POST('/api/v1/community/join-requests/{id}/review', {
          params: { path: { id } },
          body: { decision, ...(note ? { note } : {}) },
        }),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.joinRequests() })
      // An approved owner claim becomes one to confirm.
      void queryClient.invalidateQueries({ queryKey: membershipsKeys.units.ownerClaims() })
    },
  })
}

/** Admins only: the pending claims to own a unit. */
export function usePendingOwnerClaims() {
  return useQuery({
    queryKey: membershipsKeys.units.ownerClaims(),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/community/owner-claims', { params: { query: { status: 'pending' } } }))).claims ?? [],
  })
}

export function useReviewOwnerClaim() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) =>
      unwrap(api.POST('/api/v1/community/owner-claims/{id}/review', { params: { path: { id } }, body: { decision } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membershipsKeys.units.ownerClaims() })
    },
  })
}

/** Admins only: the pending claims to live in a further unit (owner claims are in usePendingOwnerClaims). */
export function usePendingResidentClaims() {
  return useQuery({
    queryKey: membershipsKeys.units.residentClaims(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/community/resident-claims'))).claims ?? [],
  })
}

export function useReviewResidentClaim() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ unitId, userId, decision, relation }: { unitId: string; userId: string; decision: ReviewDecision; relation?: ResidentClaim['relation'] }) =>
      unwrap(
        api.POST('/api/v1/community/resident-claims/{unitId}/{userId}/review', {
          params: { path: { unitId, userId } },
          body: { decision, relation },
        }),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membershipsKeys.units.residentClaims() })
    },
  })
}

export type ProposedUnit = components['schemas']['ProposedUnit']

/** Admins only: the units members gave by floor and door, to accept into the registry. */
export function useNewUnits() {
  return useQuery({
    queryKey: membershipsKeys.units.newUnits(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/community/new-units'))).units ?? [],
  })
}

export function useReviewNewUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) =>
      unwrap(api.POST('/api/v1/community/new-units/{id}/review', { params: { path: { id } }, body: { decision } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membershipsKeys.units.newUnits() })
      void queryClient.invalidateQueries({ queryKey: membershipsKeys.units.ownerClaims() })
    },
  })
}
