/**
 * The events feature's own query keys: my calendar feed. The events' list keys are in src/lib/query-keys.ts,
 * since the dashboard invalidates them too (ADR 0039).
 */
export const calendarKeys = {
  feedUrl: () => ['calendar', 'feed-url'] as const,
}
