import type { TFunction } from '@/lib/i18n'
import type { Role } from '@/lib/roles'
import type { MyUnit } from '@/lib/my-unit'

/** Building, floor and unit number joined by commas; an admin without a unit reads 'Administrador'. */
export function unitSummary(unit: MyUnit | null, role: Role | null | undefined, t: TFunction): string {
  if (unit) return [unit.building, unit.floor, unit.unitNumber].filter((part) => part && part.trim() !== '').join(', ')
  if (role === 'admin') return t('settings.roleLabels.profile.admin')
  return t('settings.home.unassigned')
}
