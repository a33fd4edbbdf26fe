import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { settingsKeys } from './query-keys'

export type Invitation = components['schemas']['Invitation']

/** Admins only: the invitations sent, newest first, with the limits. */
export function useInvitations() {
  return useQuery({
    queryKey: settingsKeys.invitations(),
    queryFn: async () => unwrap(api.GET('/api/v1/community/invitations')),
  })
}

function useInvalidateInvitations() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: settingsKeys.invitations() })
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
