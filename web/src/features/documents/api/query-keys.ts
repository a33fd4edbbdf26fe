/**
 * The community documents' query keys, rooted at their realtime area, 'documents': its `change` event
 * refreshes all of them. Only this feature uses them; a key that another feature or src/lib uses is in
 * src/lib/query-keys.ts (ADR 0039).
 */
export const documentKeys = {
  all: ['documents'] as const,
  list: <F>(filters: F) => ['documents', 'list', filters] as const,
  highlights: () => ['documents', 'highlights'] as const,
  categories: () => ['documents', 'categories'] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
  emails: () => ['documents', 'email-notices'] as const,
}
