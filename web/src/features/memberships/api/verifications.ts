import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type VerificationRequest = components['schemas']['VerificationRequest']
export type Verification = components['schemas']['Verification']
/** '' asks for every request, newest first. */
export type VerificationFilter = 'pending' | ''

/** The caller's level (0-2) and latest level-2 request, so they see what the admins decided. */
export function useMyVerification(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.myVerification(),
    queryFn: () => unwrap(api.GET('/api/v1/verification')),
    enabled,
  })
}

/** Admins only: the community's verification requests. */
export function useCommunityVerifications(status: VerificationFilter, enabled = true) {
  return useQuery({
    queryKey: queryKeys.community.verifications(status),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/community/verifications', { params: { query: { status } } }))).requests ?? [],
    enabled,
  })
}

export function useReviewVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approved' | 'rejected'; note?: string }) =>
      unwrap(
        api.POST('/api/v1/community/verifications/{id}/review', {
          params: { path: { id } },
          body: { decision, ...(note ? { note } : {}) },
        }),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.verificationsAll })
    },
  })
}

/**
 * A single-use code for one neighbour and one unit, which they type at /verify: nobody else can use it,
 * and it confirms their claim to own that unit only.
 */
export function useIssueVerificationCode() {
  return useMutation({
    mutationFn: (body: { userId: string; unitId: string }) =>
      unwrap(api.POST('/api/v1/community/verification-codes', { body })),
  })
}
