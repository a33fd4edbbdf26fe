import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { setSession } from '@/lib/session'
import { onboardingKeys } from './query-keys'

// The onboarding wizard's calls: one function per endpoint, each answering the profile (or what the
// step returns) and keeping the cached profile in step.

export type OnboardingStep = NonNullable<components['schemas']['Profile']['onboardingStep']>
export type Relation = components['schemas']['JoinStepInputBody']['relation']
export type CommunityMatch = components['schemas']['CommunityMatch']
export type WizardUnit = components['schemas']['Unit']
export type ChooseUnitInput = components['schemas']['ChooseUnitInputBody']
export type JoinRequest = components['schemas']['JoinRequest']
export type VerifyInput = components['schemas']['VerifyInputBody']
export type DoneInput = components['schemas']['DoneInputBody']
export type CreateCommunityInput = components['schemas']['CreateCommunityInputBody']
export interface AddressQuery {
  province: string
  municipality: string
  streetType: string
  streetName: string
  number: string
  floor?: string
}

function useProfileMutation<I>(mutationFn: (input: I) => Promise<components['schemas']['Profile']>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile(), profile)
    },
  })
}

/** /start for a signed-in user: language and privacy consent. */
export function useStartOnboarding() {
  return useProfileMutation((body: components['schemas']['StartInputBody']) =>
    unwrap(api.POST('/api/v1/onboarding/start', { body })),
  )
}

/** /join: relation with the community and an optional phone. */
export function useJoinStep() {
  return useProfileMutation((body: components['schemas']['JoinStepInputBody']) =>
    unwrap(api.POST('/api/v1/onboarding/join', { body })),
  )
}

/** Saves where the user is in the wizard (going back included), so they resume there. */
export function useSetStep() {
  return useProfileMutation((step: OnboardingStep) =>
    unwrap(api.PUT('/api/v1/onboarding/step', { body: { step } })),
  )
}

export async function findByReference(reference: string): Promise<CommunityMatch[]> {
  const body = await unwrap(
    api.GET('/api/v1/onboarding/communities/by-reference', { params: { query: { reference } } }),
  )
  return body.communities ?? []
}

export async function findByAddress(query: AddressQuery): Promise<CommunityMatch[]> {
  const body = await unwrap(api.GET('/api/v1/onboarding/communities/by-address', { params: { query } }))
  return body.communities ?? []
}

export function useFindCommunities() {
  return useMutation({
    mutationFn: (search: { reference: string } | { address: AddressQuery }) =>
      'reference' in search ? findByReference(search.reference) : findByAddress(search.address),
  })
}

/** The units of the user's own community (by its id) or of the search result they chose (by its choice). */
export function useCommunityUnits(ref: string | undefined) {
  return useQuery({
    queryKey: queryKeys.onboardingUnits(ref),
    queryFn: async () => {
      const body = await unwrap(api.GET('/api/v1/onboarding/communities/{id}/units', { params: { path: { id: ref ?? '' } } }))
      return body.units ?? []
    },
    enabled: Boolean(ref),
  })
}


/** The unit of the user's invitation or letter, to preselect in /choose-unit; null when none. */
export function useInvitedUnit(enabled: boolean) {
  return useQuery({
    queryKey: onboardingKeys.invitedUnit(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/onboarding/invited-unit'))).unitId ?? null,
    enabled,
  })
}

/** The user's latest request to join a community; while pending it is checked every 15 s. */
export function useMyJoinRequest(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.joinRequest(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/onboarding/join-request'))).request,
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 15_000 : false),
  })
}

/**
 * /choose-unit: places a member in their unit, or — with the choice of a search result — asks that
 * community's admins to let the user join (the answer then carries the request).
 */
export function useChooseUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChooseUnitInput) => unwrap(api.POST('/api/v1/onboarding/choose-unit', { body })),
    onSuccess: ({ me, joinRequest }) => {
      setSession(queryClient, me)
      if (joinRequest) queryClient.setQueryData(onboardingKeys.joinRequest(), joinRequest)
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile() })
    },
  })
}

/** Creates the community the search did not find; its creator becomes its admin. */
export function useCreateCommunity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateCommunityInput) => unwrap(api.POST('/api/v1/communities', { body })),
    onSuccess: (me) => {
      setSession(queryClient, me)
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile() })
    },
  })
}

/** /verify: automatic, by document or by an admin's code. */
export function useVerify() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: VerifyInput) => unwrap(api.POST('/api/v1/onboarding/verify', { body })),
    onSuccess: (verification) => {
      queryClient.setQueryData(queryKeys.myVerification(), verification)
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile() })
    },
  })
}

/** /done: display name, avatar and the community rules; finishes the wizard. */
export function useFinishOnboarding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DoneInput) => unwrap(api.POST('/api/v1/onboarding/done', { body })),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile(), profile)
      void queryClient.invalidateQueries({ queryKey: queryKeys.session() })
    },
  })
}
