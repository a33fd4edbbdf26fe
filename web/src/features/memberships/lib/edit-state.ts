/** Whether the screen was opened with the edit flag (navigation state { edit: true }). */
export function openedForEdit(state: unknown): boolean {
  return typeof state === 'object' && state !== null && Reflect.get(state, 'edit') === true
}
