/**
 * The wall's query keys (/wall), rooted at its realtime area, 'wall'. Only the wall uses them; a key that
 * another feature or src/lib uses is in src/lib/query-keys.ts (ADR 0039).
 */
export const wallKeys = {
  all: ['wall'] as const,
  posts: () => ['wall', 'posts'] as const,
  comments: (postId: string) => ['wall', 'comments', postId] as const,
}
