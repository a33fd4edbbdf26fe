import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'

/**
 * The gate of the admins' screens: anyone else is told why (no community, or not an admin) and sent back
 * to /settings. Returns whether the screen may show.
 */
export function useAdminOnly(): boolean {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const isAdmin = hasCommunity && user?.role === 'admin'

  useEffect(() => {
    if (!user || isAdmin) return
    if (!hasCommunity) toast.error(t('common.error'), { description: t('settings.noCommunity'), id: 'admin-gate' })
    else toast.error(t('settings.denied'), { description: t('settings.deniedHint'), id: 'admin-gate' })
    void navigate('/settings', { replace: true })
  }, [user, isAdmin, hasCommunity, navigate, t])

  return isAdmin
}
