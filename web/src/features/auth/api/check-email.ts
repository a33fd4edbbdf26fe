import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'

/** Whether an account already uses this email (registration step 0). */
export async function checkEmail(email: string): Promise<boolean> {
  const { exists } = await unwrap(api.POST('/api/v1/auth/check-email', { body: { email } }))
  return exists
}

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail })
}
