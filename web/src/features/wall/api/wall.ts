import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { wallKeys } from './query-keys'

export type WallPost = components['schemas']['WallPost']
export type WallComment = components['schemas']['WallComment']
export type PostKind = WallPost['kind']
export type NewPost = components['schemas']['CreateWallPostInputBody']

export const KINDS: readonly PostKind[] = ['announcement', 'event', 'question', 'discussion']

const wallQuery = infiniteQueryOptions({
  queryKey: wallKeys.posts(),
  queryFn: ({ pageParam }) => unwrap(api.GET('/api/v1/wall', { params: { query: { cursor: pageParam } } })),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
})

/** The wall, newest first, a page at a time; new posts arrive through the stream's `change` events. */
export function useWall() {
  return useInfiniteQuery(wallQuery)
}

export function useComments(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: wallKeys.comments(postId),
    queryFn: () => unwrap(api.GET('/api/v1/wall/{id}/comments', { params: { path: { id: postId } } })),
    enabled,
  })
}

/** Every write refreshes the wall (the other members hear of it through the stream). */
function useWallMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.all }) })
}

const path = (id: string) => ({ params: { path: { id } } })

export type NewPoll = NonNullable<NewPost['poll']>

/** Posts; with a poll the consulta opens in Votaciones too, so that list is refreshed as well. */
export function useCreatePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewPost) => unwrap(api.POST('/api/v1/wall', { body })),
    onSuccess: (_post, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wallKeys.all }),
        body.poll && queryClient.invalidateQueries({ queryKey: queryKeys.voting.all }),
      ]),
  })
}

export function useUpdatePost() {
  return useWallMutation(({ id, body }: { id: string; body: string }) =>
    unwrap(api.PATCH('/api/v1/wall/{id}', { ...path(id), body: { body } })),
  )
}

export function useDeletePost() {
  return useWallMutation((id: string) => unwrap(api.DELETE('/api/v1/wall/{id}', path(id))))
}

export function useLikePost() {
  return useWallMutation(({ id, liked }: { id: string; liked: boolean }) =>
    unwrap(api.PUT('/api/v1/wall/{id}/like', { ...path(id), body: { liked } })),
  )
}

export function useHidePost() {
  return useWallMutation(({ id, hidden }: { id: string; hidden: boolean }) =>
    unwrap(api.PUT('/api/v1/wall/{id}/hidden', { ...path(id), body: { hidden } })),
  )
}

export function useReportPost() {
  return useWallMutation((id: string) => unwrap(api.POST('/api/v1/wall/{id}/report', { ...path(id), body: {} })))
}

export function useAddComment() {
  return useWallMutation(({ id, body }: { id: string; body: string }) =>
    unwrap(api.POST('/api/v1/wall/{id}/comments', { ...path(id), body: { body } })),
  )
}

export function useDeleteComment() {
  return useWallMutation((commentId: string) =>
    unwrap(api.DELETE('/api/v1/wall/comments/{commentId}', { params: { path: { commentId } } })),
  )
}
