import type { Role } from '@/lib/roles'

export const ROLES = ['admin', 'moderator', 'user'] as const satisfies readonly Role[]

/** Community screens say Presidente / Propietario / Vecino. */
export function communityRoleKey(role: Role) {
  return `settings.roleLabels.community.${role}` as const
}

/** The role selector shows Inquilino for user. */
export function selectorRoleKey(role: Role) {
  return `settings.roleLabels.selector.${role}` as const
}
