import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { queryKeys } from '@/lib/query-keys'
import type { components } from '@/lib/api/schema'
import type { ReviewDecision } from '../components/review-buttons'
import { settingsKeys } from './query-keys'

export type Invitation = components['schemas']['Invitation']
export type ProposedUnit = components['schemas']['ProposedUnit']

/** Admins only: the invitations sent, newest first, with the limits. */
export function useInvitations() {
  return useQuery({
    queryKey: settingsKeys.units.invitations(),
    queryFn: async () => unwrap(api.GET('/api/v1/community/invitations')),
  })
}

function useInvalidateInvitations() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: settingsKeys.units.invitations() })
}

export function useInvite() {
  const invalidate = useInvalidateInvitations()
  return useMutation({
    mutationFn: (body: { email: string; unitId?: string }) => unwrap(api.POST('/api/v1/community/invitations', { body })),
    onSuccess: invalidate,
  })
}

export function useResendInvitation() {
  const invalidate = useInvalidateInvitations()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/v1/community/invitations/{id}/resend', { params: { path: { id } } })),
    onSettled: invalidate,
  })
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateInvitations()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/v1/community/invitations/{id}/revoke', { params: { path: { id } } })),
    onSettled: invalidate,
  })
}

/** The letters for the mailboxes: the URL of the PDF (a plain download; the session cookie goes with it). */
export const LETTERS_URL = '/api/v1/community/invitation-letters'

/** Admins only: the units members gave by floor and door, to accept into the registry. */
export function useNewUnits() {
  return useQuery({
    queryKey: settingsKeys.units.newUnits(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/community/new-units'))).units ?? [],
  })
}

export function useReviewNewUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) =>
      unwrap(api.POST('/api/v1/community/new-units/{id}/review', { params: { path: { id } }, body: { decision } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.units.newUnits() })
      void queryClient.invalidateQueries({ queryKey: settingsKeys.units.ownerClaims() })
    },
  })
}

export type CommunityUnit = components['schemas']['Unit']

/** The units of the member's own community, to say which one an invitation is for. */
export function useOwnCommunityUnits(communityId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.onboardingUnits(communityId),
    enabled: Boolean(communityId),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/onboarding/communities/{id}/units', { params: { path: { id: communityId ?? '' } } }))).units ?? [],
  })
}
