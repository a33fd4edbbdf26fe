import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { uploadRaw } from '@/lib/upload'

type RawJunta = components['schemas']['Junta']
/** An owner's representation for the whole junta (null in the API when none). */
export type JuntaProxy = components['schemas']['JuntaProxy']
/** A junta with its lists always present (the API may send an empty list as null). */
export type Junta = Omit<RawJunta, 'points' | 'debtors' | 'signatures' | 'canSign' | 'promoters' | 'myProxy'> & {
  myProxy: JuntaProxy | null
  points: NonNullable<RawJunta['points']>
  debtors: NonNullable<RawJunta['debtors']>
  signatures: NonNullable<RawJunta['signatures']>
  canSign: NonNullable<RawJunta['canSign']>
  promoters: NonNullable<RawJunta['promoters']>
}
export type JuntaSummary = components['schemas']['JuntaSummary']
export type JuntaForm = components['schemas']['JuntaBody']
export type JuntaPointForm = components['schemas']['JuntaPointBody']
type RawAttendance = components['schemas']['JuntaAttendanceOutputBody']
export type Attendee = Omit<components['schemas']['JuntaAttendee'], 'units' | 'proxy'> & { units: string[]; proxy: JuntaProxy | null }
export type Attendance = Omit<RawAttendance, 'attendees' | 'ownerless'> & {
  attendees: Attendee[]
  ownerless: NonNullable<RawAttendance['ownerless']>
}
type RawNotices = components['schemas']['JuntaNoticesOutputBody']
type RawPaper = NonNullable<RawNotices['paper']>[number]
export interface Notices {
  notices: NonNullable<RawNotices['notices']>
  paper: (Omit<RawPaper, 'units'> & { units: string[] })[]
}

/** A pointer to an object in the API is null when absent, though the contract cannot say so. */
function orNull<T>(v: T | undefined): T | null {
  return v ?? null
}

function normalize(j: RawJunta): Junta {
  return {
    ...j,
    points: j.points ?? [],
    debtors: j.debtors ?? [],
    signatures: j.signatures ?? [],
    canSign: j.canSign ?? [],
    promoters: j.promoters ?? [],
    myProxy: orNull(j.myProxy),
  }
}

function normalizeAttendance(a: RawAttendance): Attendance {
  return {
    ...a,
    attendees: (a.attendees ?? []).map((x) => ({ ...x, units: x.units ?? [], proxy: orNull(x.proxy) })),
    ownerless: a.ownerless ?? [],
  }
}

/** The community's juntas, the latest first (drafts for admins only). Live: the 'juntas' change event refetches. */
export function useJuntas() {
  return useQuery({
    queryKey: queryKeys.juntas.list(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/juntas'))).items ?? [],
  })
}

/** The record of a point's junta vote (admins): who voted what, for the room's votes. Rooted at 'juntas'. */
export function usePointRecord(pollId: string) {
  return useQuery({
    queryKey: [...queryKeys.juntas.all, 'poll', pollId],
    queryFn: async () => {
      const r = await unwrap(api.GET('/api/v1/polls/{id}/record', { params: { path: { id: pollId } } }))
      return { poll: { ...r.poll, options: r.poll.options ?? [] }, voters: r.voters ?? [] }
    },
  })
}

export function useJunta(id: string) {
  return useQuery({
    queryKey: queryKeys.juntas.detail(id),
    queryFn: async () => normalize(await unwrap(api.GET('/api/v1/juntas/{id}', { params: { path: { id } } }))),
  })
}

export function useJuntaNotices(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.juntas.notices(id),
    queryFn: async (): Promise<Notices> => {
      const r = await unwrap(api.GET('/api/v1/juntas/{id}/notices', { params: { path: { id } } }))
      return { notices: r.notices ?? [], paper: (r.paper ?? []).map((p) => ({ ...p, units: p.units ?? [] })) }
    },
    enabled,
  })
}

export function useJuntaAttendance(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.juntas.attendance(id),
    queryFn: async () => normalizeAttendance(await unwrap(api.GET('/api/v1/juntas/{id}/attendance', { params: { path: { id } } }))),
    enabled,
  })
}

export type JuntaViewer = components['schemas']['JuntaViewer']

/**
 * The other admins with the attendance panel open. Fetching is this screen's beat (it says it is open), every
 * 20 s while shown; an arrival or a departure comes as the stream's change of area 'juntas', which refetches
 * it at once. Closing the panel says so.
 */
export function useJuntaViewers(id: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    return () => {
      void api.DELETE('/api/v1/juntas/{id}/viewers/me', { params: { path: { id } } })
    }
  }, [id, enabled])
  return useQuery({
    queryKey: queryKeys.juntas.viewers(id),
    queryFn: async (): Promise<JuntaViewer[]> =>
      (await unwrap(api.PUT('/api/v1/juntas/{id}/viewers/me', { params: { path: { id } } }))).viewers ?? [],
    enabled,
    refetchInterval: 20_000,
  })
}

/** A mutation of the juntas area: every junta query (and the votes) refetch after it. */
function useJuntasMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.juntas.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.voting.all }),
      ])
    },
  })
}

export function useCreateJunta() {
  return useJuntasMutation((body: JuntaForm) => unwrap(api.POST('/api/v1/juntas', { body })).then(normalize))
}

export function useUpdateJunta() {
  return useJuntasMutation(({ id, body }: { id: string; body: JuntaForm }) =>
    unwrap(api.PUT('/api/v1/juntas/{id}', { params: { path: { id } }, body })).then(normalize),
  )
}

export function useDeleteJunta() {
  return useJuntasMutation((id: string) => unwrap(api.DELETE('/api/v1/juntas/{id}', { params: { path: { id } } })))
}

type Step = 'convene' | 'hold' | 'acta/draft' | 'acta/sign'

/** One step of the junta's life: convocar, constituir, redactar el acta, firmarla. */
export function useJuntaStep(step: Step) {
  return useJuntasMutation((id: string) => {
    const params = { params: { path: { id } } }
    switch (step) {
      case 'convene':
        return unwrap(api.POST('/api/v1/juntas/{id}/convene', params))
      case 'hold':
        return unwrap(api.POST('/api/v1/juntas/{id}/hold', params))
      case 'acta/draft':
        return unwrap(api.POST('/api/v1/juntas/{id}/acta/draft', params))
      case 'acta/sign':
        return unwrap(api.POST('/api/v1/juntas/{id}/acta/sign', params))
    }
  })
}

export function useSaveActa() {
  return useJuntasMutation(({ id, text }: { id: string; text: string }) =>
    unwrap(api.PUT('/api/v1/juntas/{id}/acta', { params: { path: { id } }, body: { text } })),
  )
}

export type AttendanceStatus = 'present' | 'represented' | 'absent'

export function useSetAttendance() {
  return useJuntasMutation(
    ({ id, ownerId, status, representative }: { id: string; ownerId: string; status: AttendanceStatus; representative?: string }) =>
      unwrap(
        api.PUT('/api/v1/juntas/{id}/attendance/{ownerId}', {
          params: { path: { id, ownerId } },
          body: { status, representative },
        }),
      ),
  )
}

export function useRecordVote() {
  return useJuntasMutation(
    ({ id, pointId, ownerId, optionId }: { id: string; pointId: string; ownerId: string; optionId: string }) =>
      unwrap(
        api.POST('/api/v1/juntas/{id}/points/{pointId}/votes', {
          params: { path: { id, pointId } },
          body: { ownerId, optionId },
        }),
      ),
  )
}

/** Who an owner names for the whole junta: a member, or someone outside the app by name and DNI/NIE. */
export interface ProxyDelegate {
  delegateUserId?: string
  name?: string
  idNumber?: string
}

/** The owner signs their representation for the whole junta in the app (art. 15.1 LPH). */
export function useDelegateJunta() {
  return useJuntasMutation(({ id, to }: { id: string; to: ProxyDelegate }) =>
    unwrap(api.PUT('/api/v1/juntas/{id}/proxy', { params: { path: { id } }, body: to })).then(normalize),
  )
}

/** The owner withdraws their representation before the junta begins. */
export function useRevokeProxy() {
  return useJuntasMutation((id: string) => unwrap(api.DELETE('/api/v1/juntas/{id}/proxy', { params: { path: { id } } })).then(normalize))
}

function isProxy(body: unknown): body is JuntaProxy {
  return typeof body === 'object' && body !== null && typeof Reflect.get(body, 'ownerId') === 'string'
}

/** Uploads the signed paper of ownerId's representation: the owner's waits for an admin; an admin's is checked. */
export function useUploadProxyPaper() {
  return useJuntasMutation(({ id, ownerId, to, file }: { id: string; ownerId: string; to: ProxyDelegate; file: File }) => {
    const query = new URLSearchParams({ ...to, fileName: file.name })
    return uploadRaw(`/api/v1/juntas/${encodeURIComponent(id)}/proxies/${encodeURIComponent(ownerId)}/paper?${query.toString()}`, file, isProxy)
  })
}

/** An admin accepts or rejects the signed paper an owner uploaded. */
export function useReviewProxy() {
  return useJuntasMutation(({ id, ownerId, accept }: { id: string; ownerId: string; accept: boolean }) =>
    unwrap(api.POST('/api/v1/juntas/{id}/proxies/{ownerId}/review', { params: { path: { id, ownerId } }, body: { accept } })),
  )
}

/** The archive's latest documents, to attach to a point of the orden del día (admins, in the form). */
export function useArchiveDocuments(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.juntas.all, 'archive'],
    queryFn: async () => (await unwrap(api.GET('/api/v1/documents', { params: { query: { limit: 50 } } }))).items ?? [],
    enabled,
  })
}
