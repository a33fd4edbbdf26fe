import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'

export type SignUpInput = components['schemas']['SignUpInputBody']
export type SignupMetadata = components['schemas']['SignupMetadata']

/** Creates the unconfirmed account; the server sends the confirmation email. */
export function signUp(body: SignUpInput) {
  return unwrap(api.POST('/api/v1/auth/signup', { body }))
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}
