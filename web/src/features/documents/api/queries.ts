import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { documentKeys } from './query-keys'

export type Document = components['schemas']['Document']
export type DocumentDetail = components['schemas']['DocumentDetail']
export type DocumentVersion = components['schemas']['DocumentVersion']
export type DocumentCategory = components['schemas']['DocumentCategory']
export type Visibility = Document['visibility']

/** The list's filters, as the API takes them (undefined = not filtered). */
export type DocumentFilters = Omit<NonNullable<operations['listDocuments']['parameters']['query']>, 'cursor' | 'limit'>

/** The documents the member may see, newest document date first, a page at a time (keyset cursor). */
export function useDocuments(filters: DocumentFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: documentKeys.list(filters),
      queryFn: ({ pageParam }) =>
        unwrap(api.GET('/api/v1/documents', { params: { query: { ...filters, cursor: pageParam } } })),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  )
}

/** 'Última acta' and 'Estado de cuentas' (each null when there is none the member may see). */
export function useDocumentHighlights() {
  return useQuery({
    queryKey: documentKeys.highlights(),
    queryFn: () => unwrap(api.GET('/api/v1/documents/highlights')),
  })
}

/** The community's categories, in their order, and the size limit of a file (maxMb). */
export function useDocumentCategories() {
  return useQuery({
    queryKey: documentKeys.categories(),
    queryFn: () => unwrap(api.GET('/api/v1/documents/categories')),
  })
}

/** A document with all its versions, newest first; idle without an id. */
export function useDocument(id: string | undefined) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? ''),
    queryFn: () => unwrap(api.GET('/api/v1/documents/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== undefined,
  })
}

/** Whether the member is emailed new actas and accounts. */
export function useDocumentEmails() {
  return useQuery({
    queryKey: documentKeys.emails(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/documents/email-notices'))).on,
  })
}
