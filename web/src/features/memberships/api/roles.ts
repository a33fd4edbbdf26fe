import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { queryKeys } from '@/lib/query-keys'
import type { Role } from '@/lib/roles'

export function useSetRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      unwrap(api.PUT('/api/v1/community/members/{userId}/role', { params: { path: { userId } }, body: { role } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.all })
    },
  })
}
