import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { useSession } from '@/lib/session'
import { RoleTable } from '../components/role-table'
import { SettingsScreen } from '../components/settings-screen'

/** /settings/roles: the role table on its own, for admins only. */
export function RolesPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const isAdmin = hasCommunity && user?.role === 'admin'

  useEffect(() => {
    if (!user || isAdmin) return
    if (!hasCommunity) toast.error(t('common.error'), { description: t('settings.roles.noCommunity'), id: 'roles-gate' })
    else toast.error(t('settings.roles.denied'), { description: t('settings.roles.deniedHint'), id: 'roles-gate' })
    void navigate('/settings', { replace: true })
  }, [user, isAdmin, hasCommunity, navigate, t])

  return (
    <SettingsScreen title={t('settings.roles.title')} backTo="/settings">
      {isAdmin && (
        <section aria-labelledby="roles-members" className="flex flex-col gap-3">
          <h2 id="roles-members" className="text-lg font-semibold">
            {t('settings.roles.members')}
          </h2>
          <RoleTable />
        </section>
      )}
    </SettingsScreen>
  )
}
