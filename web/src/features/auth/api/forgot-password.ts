import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function forgotPassword(email: string) {
  return unwrap(api.POST('/api/v1/auth/forgot-password', { body: { email } }))
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
