/**
 * The maintenance list's query keys (/maintenance), rooted at its realtime area, 'maintenance'. Only this
 * feature uses them (ADR 0039).
 */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
}
