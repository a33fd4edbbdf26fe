import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { calendarKeys } from './query-keys'


/** Whether the user has a private calendar URL (it is shown only when created). */
export function useCalendarFeedStatus(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.feedUrl(), queryFn: () => unwrap(api.GET('/api/v1/calendar/feed-url')), enabled })
}

/** Creates a new private URL, revoking the previous one; answers it once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/calendar/feed-url')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.feedUrl() }),
  })
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/calendar/feed-url')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.feedUrl() }),
  })
}
