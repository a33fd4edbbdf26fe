import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

// What the incidents screen needs of the tasks ('Crear tarea'), shared here so that no feature imports
// another: the tasks feature reads the same summary.

export type TaskInput = components['schemas']['CreateTaskInputBody']

/** The counters Pendientes / En Proceso / Completadas and whether the user may create and edit tasks. */
export function useTaskSummary(enabled = true) {
  return useQuery({
    queryKey: queryKeys.tasks.summary(),
    queryFn: () => unwrap(api.GET('/api/v1/tasks/summary')),
    enabled,
  })
}

/** Creates a task (from the tasks screen, or from an incident with its incidentId). */
export function useCreateTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TaskInput) => unwrap(api.POST('/api/v1/tasks', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
  })
}
