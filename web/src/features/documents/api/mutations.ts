import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { documentKeys } from './query-keys'
import { uploadRaw, type UploadProgress } from '@/lib/upload'
import type { Document, Visibility } from './queries'

/** Everything of the archive is refetched after a change (the list, the quick links, the detail). */
export function useInvalidateDocuments() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: documentKeys.all })
}

/** Soft delete, with the reason; actas and accounts within their 5 years are refused by the server. */
export function useDeleteDocument() {
  const invalidate = useInvalidateDocuments()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.DELETE('/api/v1/documents/{id}', { params: { path: { id } }, body: { reason } })),
    onSuccess: invalidate,
  })
}

export function useCreateCategory() {
  const invalidate = useInvalidateDocuments()
  return useMutation({
    mutationFn: (body: { name: string; membersUpload: boolean }) => unwrap(api.POST('/api/v1/documents/categories', { body })),
    onSuccess: invalidate,
  })
}

export function useSetDocumentEmails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) => unwrap(api.PUT('/api/v1/documents/email-notices', { body: { on } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(documentKeys.emails(), answer.on)
    },
  })
}

/** The form of a new document; the file goes as the body. */
export interface NewDocument {
  categoryId: string
  title: string
  description: string
  date: string
  visibility: Visibility
}

function isDocument(body: unknown): body is Document {
  return typeof body === 'object' && body !== null && typeof Reflect.get(body, 'id') === 'string'
}

/** Uploads a new document (POST /api/v1/documents, the form in the query string), with progress. */
export function uploadDocument(form: NewDocument, file: File, onProgress: UploadProgress, signal: AbortSignal): Promise<Document> {
  const query = new URLSearchParams({ ...form, fileName: file.name })
  return uploadRaw(`/api/v1/documents?${query.toString()}`, file, isDocument, onProgress, signal)
}

/** Uploads a new version of a document, with progress. */
export function uploadVersion(id: string, file: File, onProgress: UploadProgress, signal: AbortSignal): Promise<Document> {
  const query = new URLSearchParams({ fileName: file.name })
  return uploadRaw(`/api/v1/documents/${encodeURIComponent(id)}/versions?${query.toString()}`, file, isDocument, onProgress, signal)
}
