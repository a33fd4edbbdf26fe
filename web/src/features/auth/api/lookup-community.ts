import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'

export type CommunitySummary = components['schemas']['CommunitySummary']

/** The community behind an invitation code (its name, address and city); 404 when there is none. */
export function lookupCommunity(code: string) {
  return unwrap(api.GET('/api/v1/communities/lookup/{code}', { params: { path: { code } } }))
}

export function useLookupCommunity() {
  return useMutation({ mutationFn: lookupCommunity })
}

export type InvitationSummary = components['schemas']['InvitationSummary']

/** The community, current code and address of an invitation email's personal link; 404 when spent or revoked. */
export function useLookupInvitation() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api.GET('/api/v1/invitations/{token}', { params: { path: { token } } })),
  })
}
