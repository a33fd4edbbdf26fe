import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { messagesKeys } from './keys'
import type { Member } from './types'

/** The user's neighbours: the members of their community but themselves, by name. */
export function useNeighbours(selfId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: messagesKeys.members(),
    queryFn: async (): Promise<Member[]> => (await unwrap(api.GET('/api/v1/community/members'))) ?? [],
    enabled: enabled && selfId !== undefined,
    select: (members) => members.filter((m) => m.id !== selfId),
  })
}
