import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Member } from '@/lib/members'
import { queryKeys } from '@/lib/query-keys'

/** The user's neighbours: the members of their community but themselves, by name. */
export function useNeighbours(selfId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.members(),
    queryFn: async (): Promise<Member[]> => (await unwrap(api.GET('/api/v1/community/members'))) ?? [],
    enabled: enabled && selfId !== undefined,
    select: (members) => members.filter((m) => m.id !== selfId),
  })
}
