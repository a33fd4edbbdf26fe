import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { setTabCommunity } from '@/lib/tab-community'

/** One community of the account (GET /api/v1/memberships). */
export type Membership = components['schemas']['Membership']

/** The account's communities, by name, each with the unread direct messages there. */
export function useMemberships(enabled = true) {
  return useQuery({
    queryKey: queryKeys.memberships(),
    queryFn: () => unwrap(api.GET('/api/v1/memberships')),
    enabled,
  })
}

/**
 * Opens a community in this tab: it becomes the tab's (the header every call sends) and, when the account
 * is a member there, the account's last (where a new tab, a bookmark or an image acts), and every cached
 * answer of the other community is dropped and asked again. Then the dashboard.
 */
export function useSwitchCommunity() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    // A community the account's office runs (staff) is not one of theirs to make the last: only the tab's.
    mutationFn: async (to: string | Pick<Membership, 'communityId' | 'staff'>) => {
      const { communityId, staff } = typeof to === 'string' ? { communityId: to, staff: false } : to
      if (!staff) await unwrap(api.POST('/api/v1/memberships/{communityId}/open', { params: { path: { communityId } } }))
      setTabCommunity(communityId)
    },
    onSuccess: async () => {
      await queryClient.resetQueries()
      await navigate('/dashboard')
    },
  })
}

/** Joins another community by its code; the tab opens in it when the code lets them in at once. */
export function useJoinCommunity() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (code: string) => unwrap(api.POST('/api/v1/communities/join', { body: { code: code.trim().toUpperCase() } })),
    onSuccess: async (me) => {
      if (me.communityId) setTabCommunity(me.communityId)
      await queryClient.resetQueries()
      if (me.communityId) await navigate('/dashboard')
    },
  })
}

/** Leaves the tab's community; the tab then acts in the account's last remaining one. */
export function useLeaveCommunity() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (communityId: string) => unwrap(api.POST('/api/v1/community/leave', { body: { communityId } })),
    onSuccess: async () => {
      setTabCommunity(null)
      await queryClient.resetQueries()
      await navigate('/settings/communities')
    },
  })
}
