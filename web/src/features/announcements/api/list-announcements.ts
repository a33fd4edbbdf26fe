import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Announcement = components['schemas']['Announcement']
export type AnnouncementPage = components['schemas']['AnnouncementPage']
export type AnnouncementStatus = Announcement['status']
export type AnnouncementPriority = Announcement['priority']
export type AnnouncementType = Announcement['type']
export type ReactionEmoji = NonNullable<Announcement['myReaction']>

/** The list's filters, as the API takes them (undefined = not filtered). */
export type AnnouncementFilters = Omit<
  NonNullable<operations['listAnnouncements']['parameters']['query']>,
  'cursor' | 'limit'
>


export function announcementsQueryOptions(filters: AnnouncementFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.announcements.list(filters),
    queryFn: ({ pageParam }) =>
      unwrap(api.GET('/api/v1/announcements', { params: { query: { ...filters, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/**
 * The board in the server's order (pinned first, then newest), a page at a time (keyset cursor); only for
 * members of a community (the API answers 403 otherwise).
 */
export function useAnnouncements(filters: AnnouncementFilters, enabled = true) {
  return useInfiniteQuery({ ...announcementsQueryOptions(filters), enabled })
}

/**
 * Applies `change` to the announcement `id` wherever a cached list holds it, so a reaction or a read
 * receipt shows at once on its card and in its open detail without fetching the board again.
 */
export function patchCachedAnnouncement(
  queryClient: QueryClient,
  id: string,
  change: (announcement: Announcement) => Announcement,
): void {
  queryClient.setQueriesData<InfiniteData<AnnouncementPage>>({ queryKey: queryKeys.announcements.listAll }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items?.map((item) => (item.id === id ? change(item) : item)) ?? null,
          })),
        }
      : data,
  )
}
