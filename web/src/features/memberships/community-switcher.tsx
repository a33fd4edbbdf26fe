import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useMemberships, useSwitchCommunity } from './api/memberships'

/**
 * The header's current community (ADR 0040): its name, and with two or more a native select that lists
 * them with each one's unread messages and opens the one chosen in this tab. Nothing without a community.
 * The communities the account's office runs are listed too, marked as the office's (ADR 0045).
 */
export function CommunitySwitcher() {
  const { t } = useTranslation()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const memberships = useMemberships(hasCommunity)
  const switchTo = useSwitchCommunity()
  const list = memberships.data ?? []
  const current = list.find((m) => m.communityId === user?.communityId)
  if (!hasCommunity || !current) return null
  if (list.length < 2) {
    return (
      <p className="truncate text-xs text-muted-foreground" data-testid="current-community">
        {current.communityName}
      </p>
    )
  }
  return (
    <label className="relative block min-w-0">
      <span className="sr-only">{t('memberships.switcher.choose')}</span>
      <select
        data-testid="community-switcher"
        className={
          'block h-6 max-w-full min-w-0 cursor-pointer truncate rounded-md bg-transparent pr-1 text-xs font-medium ' +
          'text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring'
        }
        value={current.communityId}
        disabled={switchTo.isPending}
        onChange={(event) => {
          const to = list.find((m) => m.communityId === event.target.value)
          if (to) switchTo.mutate(to)
        }}
      >
        {list.map((m) => {
          const name = m.staff ? t('memberships.switcher.staff', { name: m.communityName }) : m.communityName
          return (
            <option key={m.communityId} value={m.communityId}>
              {m.unread > 0 ? t('memberships.switcher.unread', { name, count: m.unread }) : name}
            </option>
          )
        })}
      </select>
    </label>
  )
}
