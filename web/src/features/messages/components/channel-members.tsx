import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import { useTranslation } from '@/lib/i18n'
import { useChannelMembers } from '../api/list-channel-members'
import { AuthorAvatar } from './author-avatar'

/** The members of a channel in its 'Ver información': picture, name, unit and role badge. */
export function ChannelMembers({ channelId }: { channelId: string }) {
  const { t } = useTranslation()
  const members = useChannelMembers(channelId, true)
  if (members.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <Spinner className="size-4" />
        {t('messages.channel.membersLoading')}
      </p>
    )
  }
  if (members.isError) {
    return (
      <p className="text-destructive" role="alert">
        {t('messages.channel.membersError')}
      </p>
    )
  }
  return (
    <section aria-labelledby="channel-members-title" className="grid gap-2">
      <h3 id="channel-members-title" className="font-semibold">
        {t('messages.channel.membersTitle', { count: members.data.length })}
      </h3>
      <ul className="grid max-h-72 gap-2 overflow-y-auto" data-testid="channel-members">
        {members.data.map((m) => (
          <li key={m.id} className="flex items-center gap-3">
            <AuthorAvatar src={m.avatarUrl} name={m.fullName} unitNumber={m.unitNumber} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{m.fullName}</p>
              <p className="text-xs text-muted-foreground">
                {t('messages.community.unit', { unit: m.unitNumber ?? t('messages.community.unassigned') })}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap justify-end gap-1">
              {m.creator && <Badge variant="outline">{t('messages.channel.creator')}</Badge>}
              <Badge variant={m.role === 'user' ? 'secondary' : 'blue'}>{t(`settings.roleLabels.community.${m.role}`)}</Badge>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
