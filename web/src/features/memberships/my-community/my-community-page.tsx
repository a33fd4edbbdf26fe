import { BadgeCheck, Building2, Copy, House, Info, Mail, Pencil, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { copyToClipboard } from '@/lib/clipboard'
import { useCommunity } from '@/lib/community'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useCommunityAdmins } from '../api/community'
import { useMyUnit } from '@/lib/my-unit'
import { useCommunityVerifications, useMyVerification, type Verification } from '../api/verifications'
import { RoleTable } from '../components/role-table'
import { Detail, SettingsScreen } from '@/components/settings-screen'
import { communityRoleKey } from '../lib/roles'

/** The link that invites a neighbour: the register page with the community code as its token. */
export function invitationLink(publicId: string): string {
  return `${window.location.origin}/register?token=${encodeURIComponent(publicId)}`
}

function SectionCard({ icon: Icon, title, action, children }: {
  icon: typeof Building2
  title: ReactNode
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden />
        </span>
        <CardTitle className="min-w-0 flex-1">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** /settings/my-community: the community, the user's dwelling, codes and (admins) the role table. */
export function MyCommunityPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const isAdmin = user?.role === 'admin'
  const community = useCommunity(hasCommunity)
  const admins = useCommunityAdmins(hasCommunity)
  const unit = useMyUnit(hasCommunity)

  if (!hasCommunity) {
    return (
      <SettingsScreen title={t('memberships.myCommunity.title')} backTo="/settings">
        <p className="text-muted-foreground">{t('settings.noCommunity')}</p>
      </SettingsScreen>
    )
  }

  const copy = (link: string) =>
    copyToClipboard(link, {
      copied: t('memberships.myCommunity.copied'),
      errorTitle: t('common.error'),
      failed: t('memberships.myCommunity.copyFailed'),
    })

  const editLink = (to: string) => (
    <Button asChild variant="ghost" size="sm" className="shrink-0">
      <Link to={to} state={{ edit: true }}>
        <Pencil aria-hidden />
        {t('settings.edit')}
      </Link>
    </Button>
  )

  return (
    <SettingsScreen title={t('memberships.myCommunity.title')} backTo="/settings">
      <SectionCard
        icon={Building2}
        title={t('memberships.myCommunity.community')}
        action={isAdmin ? editLink('/settings/community-info') : undefined}
      >
        {community.isPending ? (
          <Spinner className="size-6" />
        ) : community.isError ? (
          <p className="text-destructive">{t('memberships.errors.communityFetch')}</p>
        ) : (
          <dl className="flex flex-col gap-3">
            <Detail label={t('memberships.community.name')}>{community.data.name}</Detail>
            <Detail label={t('memberships.community.address')}>{community.data.address}</Detail>
            <div className="grid grid-cols-2 gap-3">
              <Detail label={t('memberships.community.city')}>{community.data.city}</Detail>
              <Detail label={t('memberships.community.postalCode')}>{community.data.postalCode}</Detail>
            </div>
            <Detail label={t('memberships.community.reference')}>
              {community.data.catastralReference ?? t('memberships.community.notSpecified')}
            </Detail>
            <Detail label={t('memberships.myCommunity.admins')}>
              {admins.data && admins.data.length > 0 ? (
                <ul className="flex flex-col">
                  {admins.data.map((admin) => (
                    <li key={admin.id}>
                      {admin.fullName || t('common.user')}
                      {admin.unitNumber ? ` (${admin.unitNumber})` : ''}
                    </li>
                  ))}
                </ul>
              ) : admins.isPending ? (
                <Spinner className="size-4" />
              ) : (
                t('memberships.myCommunity.noAdmins')
              )}
            </Detail>
            <Detail label={t('memberships.myCommunity.processor')}>
              <Link to="/settings/despacho" className="text-primary underline-offset-4 hover:underline">
                {t('memberships.myCommunity.processorLink')}
              </Link>
            </Detail>
          </dl>
        )}
      </SectionCard>

      <SectionCard icon={House} title={t('memberships.myCommunity.dwelling')} action={editLink('/settings/unit-info')}>
        {unit.isPending ? (
          <Spinner className="size-6" />
        ) : unit.data ? (
          <dl className="flex flex-col gap-3">
            <Detail label={t('memberships.myCommunity.occupant')}>
              {unit.data.ownerName ?? user?.fullName ?? t('common.user')}
            </Detail>
            <Detail label={t('memberships.unit.number')}>{unit.data.unitNumber}</Detail>
            {unit.data.floor && <Detail label={t('memberships.unit.floor')}>{unit.data.floor}</Detail>}
            {unit.data.building && <Detail label={t('memberships.unit.building')}>{unit.data.building}</Detail>}
          </dl>
        ) : (
          <p className="text-muted-foreground">{t('memberships.unit.none')}</p>
        )}
      </SectionCard>

      <SectionCard icon={Info} title={t('memberships.myCommunity.extra')}>
        <dl className="flex flex-col gap-3">
          <Detail label={t('memberships.myCommunity.role')}>
            {user?.role ? t(communityRoleKey(user.role)) : t('settings.notSet')}
          </Detail>
          <Detail label={t('memberships.verifications.mine.label')}>
            <MyVerification />
          </Detail>
          {community.data && (
            <>
              <Detail label={t('memberships.myCommunity.code')}>
                <span className="font-mono tracking-widest">{community.data.publicId}</span>
              </Detail>
              <Detail label={t('memberships.myCommunity.invitation')}>
                <div className="mt-1 flex min-w-0 items-center gap-2">
                  <code className="min-w-0 flex-1 truncate rounded-lg bg-muted px-2 py-2 text-xs">
                    {invitationLink(community.data.publicId)}
                  </code>
                  <Button
                    variant="outline"
                    size="icon"
                    className="size-10 shrink-0"
                    aria-label={t('memberships.myCommunity.copy')}
                    onClick={() => void copy(invitationLink(community.data.publicId))}
                  >
                    <Copy aria-hidden />
                  </Button>
                </div>
              </Detail>
            </>
          )}
        </dl>
      </SectionCard>

      {isAdmin && (
        <>
          <SectionCard icon={BadgeCheck} title={t('memberships.verifications.title')}>
            <PendingVerifications />
          </SectionCard>
          <SectionCard icon={Mail} title={t('settings.invitations.title')}>
            <div className="flex flex-col items-start gap-2">
              <p className="text-sm text-muted-foreground">{t('settings.invitations.description')}</p>
              <Button asChild variant="outline">
                <Link to="/settings/invitations">{t('settings.invitations.invite')}</Link>
              </Button>
            </div>
          </SectionCard>
          <SectionCard icon={Users} title={t('memberships.roles.management')}>
            <RoleTable />
          </SectionCard>
        </>
      )}
    </SettingsScreen>
  )
}

const LEVEL_KEYS = [
  'memberships.verifications.mine.level0',
  'memberships.verifications.mine.level1',
  'memberships.verifications.mine.level2',
] as const

/** The user's verification level, and what the admins made of their latest document. */
function MyVerification() {
  const { t } = useTranslation()
  const verification = useMyVerification(true)
  if (verification.isPending) return <Spinner className="size-4" />
  if (verification.isError) return t('settings.notSet')
  const { level, latest } = verification.data
  const status = latest?.status
  return (
    <div className="flex flex-col items-start gap-1">
      <span>{t(LEVEL_KEYS[level] ?? LEVEL_KEYS[0])}</span>
      {level < 2 && status === 'pending' && (
        <span className="text-sm text-muted-foreground">{t('memberships.verifications.mine.pending')}</span>
      )}
      {level < 2 && status === 'rejected' && (
        <span className="text-sm text-destructive">
          {t('memberships.verifications.mine.rejected')}
          {latest?.note ? ` ${t('memberships.verifications.note', { note: latest.note })}` : ''}
        </span>
      )}
      {mayAskForLevel2(verification.data) && (
        <Button asChild variant="outline" size="sm" className="mt-1">
          <Link to="/verify">{t('memberships.verifications.mine.verify')}</Link>
        </Button>
      )}
    </div>
  )
}

/** Level 2 can be asked for by anyone below it who has no request waiting. */
function mayAskForLevel2({ level, latest }: Verification): boolean {
  return level === 1 && latest?.status !== 'pending'
}

/** Admins: how many requests wait, and the way to the review screen. */
function PendingVerifications() {
  const { t } = useTranslation()
  const pending = useCommunityVerifications('pending')
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {pending.data
          ? pending.data.length > 0
            ? t('memberships.verifications.pendingCount', { count: pending.data.length })
            : t('memberships.verifications.nonePending')
          : null}
      </p>
      <Button asChild variant="outline" className="h-11">
        <Link to="/settings/verifications">{t('memberships.verifications.manage')}</Link>
      </Button>
    </div>
  )
}
