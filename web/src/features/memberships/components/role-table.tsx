import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useCommunityRoles, type MemberRole, type Role } from '@/lib/roles'
import { useSetRole } from '../api/roles'
import { ROLES, selectorRoleKey } from '../lib/roles'

/** The title of the toast for a refused role change: the server's reason is its description. */
function refusalTitle(err: unknown): 'memberships.roles.notAllowed' | 'memberships.roles.limitReached' | 'common.error' {
  if (err instanceof ApiError && err.status === 403) return 'memberships.roles.notAllowed'
  if (err instanceof ApiError && err.status === 409) return 'memberships.roles.limitReached'
  return 'common.error'
}

/** Admins only: every member with their email and a role selector, and the admin count. */
export function RoleTable() {
  const { t } = useTranslation()
  const { user } = useSession()
  const roles = useCommunityRoles(true)
  const setRole = useSetRole()

  const change = (member: MemberRole, role: Role) => {
    if (role === member.role) return
    if (member.id === user?.id) {
      toast.error(t('memberships.roles.notAllowed'), { description: t('memberships.roles.ownRole') })
      return
    }
    setRole.mutate(
      { userId: member.id, role },
      {
        onSuccess: () => {
          toast.success(t('memberships.roles.updated'))
        },
        onError: (err) => {
          toast.error(t(refusalTitle(err)), { description: problemMessage(err, t) })
        },
      },
    )
  }

  if (roles.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="size-6" />
      </div>
    )
  }
  if (roles.isError) return <p className="text-destructive">{problemMessage(roles.error, t)}</p>

  const { members, adminCount, maxAdmins } = roles.data
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t('memberships.roles.limit', { max: maxAdmins, admins: adminCount })}</p>
      <ul className="flex flex-col divide-y rounded-2xl border bg-card">
        {members.map((member) => (
          <li key={member.id} className="flex flex-col gap-2 p-3 min-[400px]:flex-row min-[400px]:items-center">
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium">
                {member.fullName || t('common.user')}
                {member.id === user?.id && (
                  <span className="ml-1 text-xs font-normal text-muted-foreground">{t('memberships.roles.you')}</span>
                )}
              </span>
              <span className="truncate text-sm text-muted-foreground">{member.email}</span>
            </div>
            <div className="min-[400px]:w-40">
              <NativeSelect
                aria-label={t('memberships.roles.roleOf', { name: member.fullName || member.email })}
                value={member.role}
                disabled={setRole.isPending}
                className="h-10"
                onChange={(e) => {
                  change(member, e.target.value as Role)
                }}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(selectorRoleKey(role))}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
