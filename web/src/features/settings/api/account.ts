import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { queryKeys } from '@/lib/query-keys'

/** Changes the password (the server ends the other sessions). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      unwrap(api.POST('/api/v1/auth/change-password', { body })),
  })
}

/**
 * Deletes the account and its personal data; the session ends with it. `onDeleted` is the mutation's own
 * callback, not mutate()'s: the ended session also reaches the open stream, whose sign-out may take the
 * screen away before the answer arrives, and mutate()'s callbacks are dropped with an unmounted screen.
 */
export function useDeleteAccount(onDeleted: () => void) {
  return useMutation({
    mutationFn: (password?: string) =>
      unwrap(api.POST('/api/v1/account/delete', { body: password ? { password } : {} })),
    onSuccess: onDeleted,
  })
}

/** Spends the token of the link sent to the new address; the email changes. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/api/v1/auth/confirm-email-change', { body: { token } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile() })
    },
  })
}

/** Spends the token of the notice sent to the old address: the pending email change is cancelled. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/api/v1/auth/cancel-email-change', { body: { token } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile() })
    },
  })
}
