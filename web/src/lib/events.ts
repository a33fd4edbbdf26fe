import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

// What the event form needs of the events API, shared here so that the wall's 'Evento' and /events use one
// dialog without one feature importing another.

export type CommunityEvent = components['schemas']['Event']
export type CreateEventInput = components['schemas']['CreateEventInputBody']
export type UpdateEventInput = components['schemas']['UpdateEventInputBody']

/** Every write refreshes the calendar and the dashboard's upcoming events. */
function useEventMutation<V>(mutationFn: (vars: V) => Promise<CommunityEvent>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ])
    },
  })
}

export function useCreateEvent() {
  return useEventMutation((body: CreateEventInput) => unwrap(api.POST('/api/v1/events', { body })))
}

export function useUpdateEvent() {
  return useEventMutation(({ id, body }: { id: string; body: UpdateEventInput }) =>
    unwrap(api.PATCH('/api/v1/events/{id}', { params: { path: { id } }, body })),
  )
}
