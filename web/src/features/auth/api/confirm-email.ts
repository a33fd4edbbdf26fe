import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { setSession } from '@/lib/session'

/** Spends the confirmation token of the email link; the server signs the user in. */
export function confirmEmail(token: string) {
  return unwrap(api.POST('/api/v1/auth/confirm', { body: { token } }))
}

export function useConfirmEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: (user) => {
      setSession(queryClient, user)
    },
  })
}
