/**
 * The residents' directory's query keys. Only this feature uses them; a key that another feature or
 * src/lib uses is in src/lib/query-keys.ts (ADR 0039).
 */
export const directoryKeys = {
  list: <F>(filters: F) => ['directory', filters] as const,
}
