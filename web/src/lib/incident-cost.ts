import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'

// What an incident cost (issue #37): the money's expenses linked to it, which the incidents screen shows.
// Shared here so that no feature imports another. Rooted at 'money': a new expense refreshes it.

/** What the expenses of an incident add up to; admins and owners (a tenant's 403 is simply not shown). */
export function useIncidentCost(incidentId: string | undefined) {
  return useQuery({
    queryKey: ['money', 'incident-cost', incidentId ?? ''],
    queryFn: () => unwrap(api.GET('/api/v1/money/incidents/{id}/cost', { params: { path: { id: incidentId ?? '' } } })),
    enabled: !!incidentId,
    retry: false,
  })
}
