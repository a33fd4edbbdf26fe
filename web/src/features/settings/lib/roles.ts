import type { Role } from '@/lib/roles'

/** Keys of the role labels: the profile screen says Administrador / Moderador / Usuario. */
export function profileRoleKey(role: Role) {
  return `settings.roleLabels.profile.${role}` as const
}
