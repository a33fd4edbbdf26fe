import type { Role } from '../api/roles'

export const ROLES = ['admin', 'moderator', 'user'] as const satisfies readonly Role[]

/** Keys of the role labels: the profile screen says Administrador / Moderador / Usuario. */
export function profileRoleKey(role: Role) {
  return `settings.roleLabels.profile.${role}` as const
}

/** Community screens say Presidente / Propietario / Vecino. */
export function communityRoleKey(role: Role) {
  return `settings.roleLabels.community.${role}` as const
}

/** The role selector shows Inquilino for user. */
export function selectorRoleKey(role: Role) {
  return `settings.roleLabels.selector.${role}` as const
}
