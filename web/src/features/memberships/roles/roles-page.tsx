import { useTranslation } from '@/lib/i18n'
import { RoleTable } from '../components/role-table'
import { SettingsScreen } from '@/components/settings-screen'
import { useAdminOnly } from '@/lib/use-admin-only'

/** /settings/roles: the role table on its own, for admins only. */
export function RolesPage() {
  const { t } = useTranslation()
  const isAdmin = useAdminOnly()

  return (
    <SettingsScreen title={t('memberships.roles.title')} backTo="/settings">
      {isAdmin && (
        <section aria-labelledby="roles-members" className="flex flex-col gap-3">
          <h2 id="roles-members" className="text-lg font-semibold">
            {t('memberships.roles.members')}
          </h2>
          <RoleTable />
        </section>
      )}
    </SettingsScreen>
  )
}
