import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'

/** Sends a new confirmation link (the previous one stops working). */
export function resendConfirmation(email: string) {
  return unwrap(api.POST('/api/v1/auth/resend', { body: { email } }))
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation })
}
