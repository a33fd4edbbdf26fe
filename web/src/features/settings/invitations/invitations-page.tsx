import { FileDown, LoaderCircle, Mail, RotateCw, Undo2 } from 'lucide-react'
import { useState, type SyntheticEvent } from 'react'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { formatDateTime } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import {
  LETTERS_URL,
  useInvitations,
  useInvite,
  useResendInvitation,
  useRevokeInvitation,
  type Invitation,
} from '../api/invitations'
import { SettingsScreen } from '@/components/settings-screen'
import { useAdminOnly } from '@/lib/use-admin-only'
import { inTabCommunity } from '@/lib/tab-community'
import { useOwnCommunityUnits, type CommunityUnit } from '@/lib/units'

const STATUS_BADGE: Record<Invitation['status'], BadgeVariant> = {
  sent: 'blue',
  accepted: 'green',
  expired: 'orange',
  revoked: 'red',
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function unitName(u: CommunityUnit): string {
  return [u.building, u.floor, u.unitNumber].filter(Boolean).join(' · ')
}

/**
 * /settings/invitations (admins): invite neighbours by email (optionally for a unit), see how each
 * invitation stands, resend or revoke it, and download the letters for the mailboxes.
 */
export function InvitationsPage() {
  const { t } = useTranslation()
  const isAdmin = useAdminOnly()
  return (
    <SettingsScreen title={t('settings.invitations.title')} description={t('settings.invitations.description')} backTo="/settings/my-community">
      {isAdmin && (
        <>
          <InviteForm />
          <LettersCard />
          <InvitationList />
        </>
      )}
    </SettingsScreen>
  )
}

function InviteForm() {
  const { t } = useTranslation()
  const { user } = useSession()
  const units = useOwnCommunityUnits(user?.communityId ?? undefined)
  const invite = useInvite()
  const [email, setEmail] = useState('')
  const [unitId, setUnitId] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const value = email.trim()
    if (!EMAIL.test(value)) {
      setError(t('settings.invitations.invalidEmail'))
      return
    }
    setError(null)
    invite.mutate(
      { email: value, ...(unitId ? { unitId } : {}) },
      {
        onSuccess: () => {
          toast.success(t('settings.invitations.sent', { email: value }))
          setEmail('')
          setUnitId('')
        },
        onError: (err) => {
          setError(problemMessage(err, t))
        },
      },
    )
  }

  return (
    <section aria-labelledby="invite-title" className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t('settings.invitations.invite')}
      </h2>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <FormField id="invite-email" label={t('settings.invitations.email')} error={error ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="off"
              value={email}
              maxLength={255}
              placeholder="vecino@ejemplo.es"
              onChange={(e) => {
                setEmail(e.target.value)
                setError(null)
              }}
            />
          )}
        </FormField>
        <FormField id="invite-unit" label={t('settings.invitations.unit')} optionalText={t('settings.invitations.optional')}>
          {(control) => (
            <NativeSelect
              {...control}
              value={unitId}
              onChange={(e) => {
                setUnitId(e.target.value)
              }}
            >
              <option value="">{t('settings.invitations.noUnit')}</option>
              {(units.data ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {unitName(u)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={invite.isPending} aria-busy={invite.isPending}>
          {invite.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Mail aria-hidden />}
          {t('settings.invitations.send')}
        </Button>
      </form>
    </section>
  )
}

function LettersCard() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="letters-title" className="flex flex-col gap-2 rounded-2xl border bg-card p-4">
      <h2 id="letters-title" className="text-lg font-semibold">
        {t('settings.invitations.letters')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('settings.invitations.lettersHint')}</p>
      <Button asChild variant="outline" size="lg">
        <a href={inTabCommunity(LETTERS_URL)} download="cartas-invitacion.pdf">
          <FileDown aria-hidden />
          {t('settings.invitations.download')}
        </a>
      </Button>
    </section>
  )
}

function InvitationList() {
  const { t } = useTranslation()
  const invitations = useInvitations()
  return (
    <section aria-labelledby="invitations-list" className="flex flex-col gap-3">
      <h2 id="invitations-list" className="text-lg font-semibold">
        {t('settings.invitations.list')}
      </h2>
      {invitations.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner className="size-6" />
        </div>
      ) : invitations.isError ? (
        <p className="text-destructive">{problemMessage(invitations.error, t)}</p>
      ) : !invitations.data.invitations?.length ? (
        <p className="rounded-2xl border bg-card p-4 text-center text-sm text-muted-foreground">{t('settings.invitations.empty')}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            {t('settings.invitations.limits', { perDay: invitations.data.perDay, maxPending: invitations.data.maxPending })}
          </p>
          <ul className="flex flex-col gap-3">
            {invitations.data.invitations.map((i) => (
              <InvitationItem key={i.id} invitation={i} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function InvitationItem({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation()
  const resend = useResendInvitation()
  const revoke = useRevokeInvitation()
  const open = invitation.status === 'sent' || invitation.status === 'expired'
  const onError = (err: unknown) => {
    toast.error(t('common.error'), { description: problemMessage(err, t) })
  }
  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-label={invitation.email}>
      <div className="flex min-w-0 items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-semibold">{invitation.email}</span>
          <span className="text-sm text-muted-foreground">
            {[
              invitation.kind === 'president' ? t('settings.invitations.president') : null,
              invitation.unitLabel ? t('settings.invitations.forUnit', { unit: invitation.unitLabel }) : null,
              t('settings.invitations.sentAt', { date: formatDateTime(invitation.sentAt, i18n.language) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </div>
        <Badge variant={STATUS_BADGE[invitation.status]}>{t(`settings.invitations.status.${invitation.status}`)}</Badge>
      </div>
      {open && (
        <div className="grid grid-cols-2 gap-2">
          <Button
            variant="outline"
            disabled={resend.isPending}
            aria-label={t('settings.invitations.resendTo', { email: invitation.email })}
            onClick={() => {
              resend.mutate(invitation.id, {
                onSuccess: () => toast.success(t('settings.invitations.resent')),
                onError,
              })
            }}
          >
            <RotateCw aria-hidden />
            {t('settings.invitations.resend')}
          </Button>
          <Button
            variant="outline"
            disabled={revoke.isPending}
            aria-label={t('settings.invitations.revokeTo', { email: invitation.email })}
            onClick={() => {
              revoke.mutate(invitation.id, {
                onSuccess: () => toast.success(t('settings.invitations.revoked')),
                onError,
              })
            }}
          >
            <Undo2 aria-hidden />
            {t('settings.invitations.revoke')}
          </Button>
        </div>
      )}
    </li>
  )
}
