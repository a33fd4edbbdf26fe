import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { setTabCommunity } from '@/lib/tab-community'

// The administrador de fincas' office (ADR 0045): its organisation, staff and communities, and on a
// community's side the processor it named.

export type Organisation = components['schemas']['Organisation']
export type Processor = components['schemas']['Processor']

/** This feature's query keys: only it reads them. */
export const despachoKeys = {
  all: ['despacho'] as const,
  organisation: () => ['despacho', 'organisation'] as const,
  staff: () => ['despacho', 'staff'] as const,
  communities: () => ['despacho', 'communities'] as const,
  processor: () => ['community', 'processor'] as const,
}

/** The caller's office, null when they are on no office's staff. */
export function useOrganisation() {
  return useQuery({
    queryKey: despachoKeys.organisation(),
    queryFn: async (): Promise<Organisation | null> => (await unwrap(api.GET('/api/v1/organisation'))).organisation ?? null,
  })
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; nif: string; colegiado?: string }) => unwrap(api.POST('/api/v1/organisation', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.all }),
  })
}

export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: despachoKeys.staff(),
    queryFn: () => unwrap(api.GET('/api/v1/organisation/staff')),
    enabled,
  })
}

export function useInviteStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { email: string; rights: 'write' | 'read' }) => unwrap(api.POST('/api/v1/organisation/staff', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.staff() }),
  })
}

export function useRemoveStaff() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.DELETE('/api/v1/organisation/staff/{userId}', { params: { path: { userId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.staff() }),
  })
}

export function useJoinOrganisation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/api/v1/organisation/join', { body: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.all }),
  })
}

/** The communities the office runs or that invited it. */
export function useOrganisationCommunities(enabled: boolean) {
  return useQuery({
    queryKey: despachoKeys.communities(),
    queryFn: () => unwrap(api.GET('/api/v1/organisation/communities')),
    enabled,
  })
}

export function useAcceptCommunity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (communityId: string) =>
      unwrap(api.POST('/api/v1/organisation/communities/{communityId}/accept', { params: { path: { communityId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.communities() }),
  })
}

/**
 * Opens a community the office runs in this tab: it becomes the tab's community (the header every call
 * sends), every cached answer of the other is dropped, and the tab goes to `to` there.
 */
export function useOpenRunCommunity() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (communityId: string, to = '/dashboard') => {
    setTabCommunity(communityId)
    await queryClient.resetQueries()
    await navigate(to)
  }
}

/** The office that administers the tab's community, null when none. */
export function useProcessor(enabled: boolean) {
  return useQuery({
    queryKey: despachoKeys.processor(),
    queryFn: async (): Promise<Processor | null> => (await unwrap(api.GET('/api/v1/community/processor'))).processor ?? null,
    enabled,
  })
}

export function useInviteProcessor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => unwrap(api.POST('/api/v1/community/processor', { body: { code: code.trim() } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.processor() }),
  })
}

export function useRevokeProcessor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/community/processor')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.processor() }),
  })
}

export type OfficeHit = components['schemas']['OfficeHit']

/** The search across the office's communities (people, units, incidents) for q, once q has 2 letters. */
export function useOfficeSearch(q: string) {
  const term = q.trim()
  return useQuery({
    queryKey: [...despachoKeys.all, 'search', term] as const,
    queryFn: () => unwrap(api.GET('/api/v1/organisation/search', { params: { query: { q: term } } })),
    enabled: term.length >= 2,
  })
}

export type BulkResult = components['schemas']['BulkResult']

export type BulkAnnouncement = components['schemas']['BulkAnnouncementInputBody']
export type BulkProvider = components['schemas']['BulkProviderInputBody']

/** One announcement in several communities the office runs; the answer says for each whether it was done. */
export function useBulkAnnouncement() {
  return useMutation({
    mutationFn: async (body: BulkAnnouncement) => (await unwrap(api.POST('/api/v1/organisation/announcements', { body }))).results ?? [],
  })
}

/** One service provider added to several communities the office runs, with the result of each. */
export function useBulkProvider() {
  return useMutation({
    mutationFn: async (body: BulkProvider) => (await unwrap(api.POST('/api/v1/organisation/providers', { body }))).results ?? [],
  })
}

export type NewCommunity = components['schemas']['CreateCommunityInputBody']
export type OfficeImport = components['schemas']['OfficeImportInputBody']
export type OfficeImportResult = components['schemas']['OfficeImportOutputBody']

/** A community the office runs from today, created from the despacho (write rights); its processor row. */
export function useCreateOfficeCommunity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewCommunity) => unwrap(api.POST('/api/v1/organisation/communities', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.communities() }),
  })
}

/** What importing a CSV of units and owners would do in a community the office runs; nothing is kept. */
export function usePreviewOfficeImport(communityId: string) {
  return useMutation({
    mutationFn: (csv: string) =>
      unwrap(api.POST('/api/v1/organisation/communities/{communityId}/import/preview', { params: { path: { communityId } }, body: { csv } })),
  })
}

/** Imports the CSV's units and sends the owners' invitations, all or nothing. */
export function useConfirmOfficeImport(communityId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (csv: string) =>
      unwrap(api.POST('/api/v1/organisation/communities/{communityId}/import', { params: { path: { communityId } }, body: { csv } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: despachoKeys.communities() }),
  })
}
