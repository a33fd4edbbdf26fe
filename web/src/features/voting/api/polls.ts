import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { inTabCommunity } from '@/lib/tab-community'

type RawPoll = components['schemas']['Poll']
type RawRecord = components['schemas']['PollRecordOutputBody']
export type PollOption = Omit<components['schemas']['PollOption'], 'receipts'> & { receipts: string[] }
/** A poll with its lists always present (the API may send an empty list as null). */
export type Poll = Omit<RawPoll, 'options' | 'represented' | 'units'> & {
  options: PollOption[]
  represented: NonNullable<RawPoll['represented']>
  units: NonNullable<RawPoll['units']>
}
export type PollForm = components['schemas']['PollBody']
export type PollRecord = Omit<RawRecord, 'poll' | 'voters' | 'units' | 'objections'> & {
  poll: Poll
  voters: NonNullable<RawRecord['voters']>
  units: NonNullable<RawRecord['units']>
  objections: NonNullable<RawRecord['objections']>
}

function normalize(p: RawPoll): Poll {
  return {
    ...p,
    options: (p.options ?? []).map((o) => ({ ...o, receipts: o.receipts ?? [] })),
    represented: p.represented ?? [],
    units: p.units ?? [],
  }
}

export const pollsQueryOptions = queryOptions({
  queryKey: queryKeys.voting.list(),
  queryFn: async () => ((await unwrap(api.GET('/api/v1/polls'))).items ?? []).map(normalize),
})

/** The community's polls, newest first (drafts for admins only). Live: the 'voting' change event refetches. */
export function usePolls() {
  return useQuery(pollsQueryOptions)
}

/** The record of a poll, for the acta (art. 19). */
export function usePollRecord(id: string) {
  return useQuery({
    queryKey: queryKeys.voting.record(id),
    queryFn: async (): Promise<PollRecord> => {
      const r = await unwrap(api.GET('/api/v1/polls/{id}/record', { params: { path: { id } } }))
      return { ...r, poll: normalize(r.poll), voters: r.voters ?? [], units: r.units ?? [], objections: r.objections ?? [] }
    },
  })
}

/** A mutation of the voting area: every poll query refetches after it. */
function useVotingMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.voting.all }),
  })
}

export function useCreatePoll() {
  return useVotingMutation((body: PollForm) => unwrap(api.POST('/api/v1/polls', { body })))
}

export function useUpdatePoll() {
  return useVotingMutation(({ id, body }: { id: string; body: PollForm }) =>
    unwrap(api.PUT('/api/v1/polls/{id}', { params: { path: { id } }, body })),
  )
}

/** Deletes a draft. */
export function useDeletePoll() {
  return useVotingMutation((id: string) => unwrap(api.DELETE('/api/v1/polls/{id}', { params: { path: { id } } })))
}

export function usePublishPoll() {
  return useVotingMutation((id: string) => unwrap(api.POST('/api/v1/polls/{id}/publish', { params: { path: { id } } })))
}

export function useClosePoll() {
  return useVotingMutation((id: string) => unwrap(api.POST('/api/v1/polls/{id}/close', { params: { path: { id } } })))
}

export interface VoteVars {
  id: string
  optionId: string
  /** An owner the user represents; undefined: the user. */
  for?: string
  /** To change a secret vote: the key its vote was given (kept on this device). */
  changeKey?: string
}

export function useVote() {
  return useVotingMutation(({ id, ...body }: VoteVars) =>
    unwrap(api.POST('/api/v1/polls/{id}/vote', { params: { path: { id } }, body })),
  )
}

export interface DelegateVars {
  id: string
  /** A member; '' revokes. */
  delegateId: string
  /** 'junta': every vote of the poll's junta (art. 15.1); 'poll': this vote alone. */
  scope: 'poll' | 'junta'
}

export function useDelegate() {
  return useVotingMutation(({ id, delegateId, scope }: DelegateVars) =>
    unwrap(api.PUT('/api/v1/polls/{id}/delegation', { params: { path: { id } }, body: { delegateId, scope } })),
  )
}

export function useObject() {
  return useVotingMutation((id: string) => unwrap(api.POST('/api/v1/polls/{id}/objection', { params: { path: { id } } })))
}

export function useDeprive() {
  return useVotingMutation(({ id, unitId, reason }: { id: string; unitId: string; reason: string | null }) =>
    unwrap(api.PUT('/api/v1/polls/{id}/units/{unitId}/deprivation', { params: { path: { id, unitId } }, body: { reason } })),
  )
}

/** Where the record's CSV downloads from (a plain link: the browser sends the session cookie). */
export function recordCsvUrl(id: string): string {
  return inTabCommunity(`/api/v1/polls/${encodeURIComponent(id)}/record.csv`)
}
