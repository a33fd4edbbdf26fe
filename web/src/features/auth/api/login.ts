import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { setSession } from '@/lib/session'

export type LoginInput = components['schemas']['LoginInputBody']

export function login(body: LoginInput) {
  return unwrap(api.POST('/api/v1/auth/login', { body }))
}

/** Signs in; on success the session is cached, which moves the user on from the guest-only screen. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setSession(queryClient, user)
    },
  })
}
