import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { setSession } from '@/lib/session'

/** Development only (VECINOS_DEV): creates the fixed test account if needed and signs in with it. */
export function useCreateTestUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/dev/test-user')),
    onSuccess: (user) => {
      setSession(queryClient, user)
    },
  })
}
