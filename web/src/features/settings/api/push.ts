import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { settingsKeys } from './query-keys'

export type PushKinds = components['schemas']['PushKinds']
export type PushKind = keyof PushKinds

/** The kinds of notification, in the order /settings/app lists them. */
export const PUSH_KINDS: PushKind[] = ['directMessage', 'criticalAnnouncement', 'incident', 'reservation', 'poll', 'receipt']

/** My push settings: the server's VAPID key, the kinds on, my devices. */
export function usePushSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKeys.push(),
    queryFn: async () => unwrap(api.GET('/api/v1/push')),
    enabled,
  })
}

export interface DeviceSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  device: string
}

/** Stores this device's push subscription. */
export function useSubscribePush() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DeviceSubscription) => unwrap(api.POST('/api/v1/push/subscriptions', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.push() }),
  })
}

/** Removes one of my devices. */
export function useUnsubscribePush() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/push/subscriptions/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.push() }),
  })
}

/** Turns one kind of notification on or off (on every device of mine). */
export function useSetPushKind() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, on }: { kind: PushKind; on: boolean }) =>
      unwrap(api.PUT('/api/v1/push/kinds/{kind}', { params: { path: { kind } }, body: { on } })),
    onMutate: async ({ kind, on }) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.push() })
      queryClient.setQueryData(settingsKeys.push(), (old: components['schemas']['PushSettingsOutputBody'] | undefined) =>
        old ? { ...old, kinds: { ...old.kinds, [kind]: on } } : old,
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.push() }),
  })
}
