import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Task = components['schemas']['Task']
export type TaskStatus = Task['status']
export type TaskAssignee = Task['assignee']
export type TaskPriority = Task['priority']
export type TaskRecurrence = Task['recurrence']
export type TaskPatch = components['schemas']['UpdateTaskInputBody']
export type TaskFilters = Omit<NonNullable<operations['listTasks']['parameters']['query']>, 'cursor' | 'limit'>

export const STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'completed']
export const ASSIGNEES: readonly TaskAssignee[] = ['janitor', 'cleaning', 'gardening', 'provider']
export const PRIORITIES: readonly TaskPriority[] = ['low', 'medium', 'high']
export const RECURRENCES: readonly TaskRecurrence[] = ['none', 'weekly', 'monthly', 'yearly']

/** The step a card's button takes: pending → in progress → completed, and completed back to pending. */
export function nextStatus(status: TaskStatus): TaskStatus {
  return status === 'pending' ? 'in_progress' : status === 'in_progress' ? 'completed' : 'pending'
}

function tasksQueryOptions(filters: TaskFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.tasks.list(filters),
    queryFn: ({ pageParam }) => unwrap(api.GET('/api/v1/tasks', { params: { query: { ...filters, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** Tasks, newest first, a page at a time. */
export function useTasks(filters: TaskFilters) {
  return useInfiniteQuery(tasksQueryOptions(filters))
}

/** The listed providers a task can be assigned to (the same list /services shows unfiltered). */
export function useListedProviders(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.providers.list({}),
    queryFn: () => unwrap(api.GET('/api/v1/providers', { params: { query: {} } })),
    select: (data) => (data.items ?? []).filter((p) => p.status === 'approved'),
    enabled,
  })
}

export function useUpdateTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TaskPatch }) =>
      unwrap(api.PATCH('/api/v1/tasks/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  })
}

export function useDeleteTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/tasks/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  })
}

/** Completing a task made from an incident offers to resolve the incident too (through the incidents API). */
export function useResolveIncident() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.PATCH('/api/v1/incidents/{id}', { params: { path: { id } }, body: { status: 'resolved' } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.incidents.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ]),
  })
}

export function useTaskEditors(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tasks.editors(),
    queryFn: () => unwrap(api.GET('/api/v1/tasks/editors')),
    enabled,
  })
}

export function useSetTaskEditor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, allowed }: { userId: string; allowed: boolean }) =>
      allowed
        ? unwrap(api.PUT('/api/v1/tasks/editors/{userId}', { params: { path: { userId } } }))
        : unwrap(api.DELETE('/api/v1/tasks/editors/{userId}', { params: { path: { userId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  })
}
