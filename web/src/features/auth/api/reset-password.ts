import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { authKeys } from './query-keys'
import { clearSession } from '@/lib/session'

export type ResetPasswordInput = components['schemas']['ResetInputBody']

/** Whether a reset link can still be used (it is not spent by the check). */
function resetLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.resetLink(token),
    queryFn: async () => {
      await unwrap(api.POST('/api/v1/auth/reset-password/check', { body: { token } }))
      return true
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
}

export function useResetLink(token: string) {
  return useQuery(resetLinkQueryOptions(token))
}

/** Sets the new password; the server ends every session of the user, so the app forgets its own too. */
export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ResetPasswordInput) => unwrap(api.POST('/api/v1/auth/reset-password', { body })),
    onSuccess: () => {
      clearSession(queryClient)
    },
  })
}
