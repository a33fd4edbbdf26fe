import { Copy, FileText, KeyRound, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { IconNote } from '@/components/icon-note'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { Segmented } from '@/components/ui/segmented'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { copyToClipboard } from '@/lib/clipboard'
import { problemMessage } from '@/lib/api/problem'
import { formatDateTime } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import {
  useCommunityVerifications,
  useIssueVerificationCode,
  useReviewVerification,
  type VerificationFilter,
  type VerificationRequest,
} from '../api/verifications'
import { useCommunityRoles } from '@/lib/roles'
import { unitLabel, useAdminUnits } from '@/lib/units'
import { ReviewButtons } from '../components/review-buttons'
import { SettingsScreen } from '@/components/settings-screen'
import { JoinRequestList, NewUnitList, OwnerClaimList, ResidentClaimList } from './join-requests'
import { useAdminOnly } from '@/lib/use-admin-only'

const STATUS_BADGE: Record<VerificationRequest['status'], BadgeVariant> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
}

/**
 * /settings/verifications (admins): requests to join the community, owners to confirm, the neighbours'
 * documents to review, and verification codes to hand out.
 */
export function VerificationsPage() {
  const { t } = useTranslation()
  const isAdmin = useAdminOnly()
  const [filter, setFilter] = useState<VerificationFilter>('pending')

  return (
    <SettingsScreen
      title={t('memberships.verifications.title')}
      description={t('memberships.verifications.description')}
      backTo="/settings/my-community"
    >
      {isAdmin && (
        <>
          <CodeCard />
          <JoinRequestList />
          <OwnerClaimList />
          <ResidentClaimList />
          <NewUnitList />
          <section aria-labelledby="verification-requests" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="verification-requests" className="text-lg font-semibold">
                {t('memberships.verifications.requests')}
              </h2>
              <Segmented
                label={t('memberships.verifications.filter')}
                value={filter}
                onValueChange={setFilter}
                options={[
                  { value: 'pending', label: t('memberships.verifications.pending') },
                  { value: '', label: t('memberships.verifications.all') },
                ]}
              />
            </div>
            <RequestList filter={filter} />
          </section>
        </>
      )}
    </SettingsScreen>
  )
}

/**
 * Issues a single-use code for one neighbour and one unit, and shows it with its expiry and a copy
 * button: only that neighbour can use it, and it verifies them for that unit only.
 */
function CodeCard() {
  const { t, i18n } = useTranslation()
  const issue = useIssueVerificationCode()
  const members = useCommunityRoles(true)
  const units = useAdminUnits(true)
  const [userId, setUserId] = useState('')
  const [unitId, setUnitId] = useState('')
  const memberName = (id: string) => members.data?.members.find((m) => m.id === id)?.fullName ?? ''
  const unit = units.data?.units.find((u) => u.id === unitId)

  const copy = (code: string) =>
    copyToClipboard(code, {
      copied: t('memberships.verifications.codeCopied'),
      errorTitle: t('common.error'),
      failed: t('memberships.verifications.copyFailed'),
    })

  return (
    <Card className="gap-3 py-5">
      <CardContent className="flex flex-col gap-3">
        <IconNote
          icon={KeyRound}
          title={t('memberships.verifications.codeTitle')}
          hint={t('memberships.verifications.codeHint')}
          titleAs="h2"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="code-member" className="text-sm font-medium">
            {t('memberships.verifications.codeFor')}
          </label>
          <NativeSelect
            id="code-member"
            value={userId}
            onChange={(e) => {
              setUserId(e.target.value)
              issue.reset()
            }}
          >
            <option value="">{t('memberships.verifications.chooseNeighbour')}</option>
            {(members.data?.members ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.fullName ? `${m.fullName} (${m.email})` : m.email}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="code-unit" className="text-sm font-medium">
            {t('memberships.verifications.codeUnit')}
          </label>
          <NativeSelect
            id="code-unit"
            value={unitId}
            onChange={(e) => {
              setUnitId(e.target.value)
              issue.reset()
            }}
          >
            <option value="">{t('memberships.verifications.chooseUnit')}</option>
            {(units.data?.units ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {unitLabel(u)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {issue.data && (
          <div className="flex flex-col gap-1" role="status">
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2 text-center font-mono text-xl tracking-widest">
                {issue.data.code}
              </code>
              <Button
                variant="outline"
                size="icon"
                className="size-11 shrink-0"
                aria-label={t('memberships.verifications.copyCode')}
                onClick={() => void copy(issue.data.code)}
              >
                <Copy aria-hidden />
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              {t('memberships.verifications.codeIssuedFor', { name: memberName(userId), unit: unit ? unitLabel(unit) : '' })}{' '}
              {t('memberships.verifications.codeValidUntil', { date: formatDateTime(issue.data.expiresAt, i18n.language) })}
            </p>
          </div>
        )}
        <Button
          variant={issue.data ? 'outline' : 'default'}
          className="h-11"
          disabled={issue.isPending || !userId || !unitId}
          aria-busy={issue.isPending}
          onClick={() => {
            issue.mutate(
              { userId, unitId },
              {
                onError: (err) => {
                  toast.error(t('common.error'), { description: problemMessage(err, t) })
                },
              },
            )
          }}
        >
          {issue.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
          {issue.data ? t('memberships.verifications.generateAnother') : t('memberships.verifications.generate')}
        </Button>
      </CardContent>
    </Card>
  )
}

function RequestList({ filter }: { filter: VerificationFilter }) {
  const { t } = useTranslation()
  const requests = useCommunityVerifications(filter)

  if (requests.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="size-6" />
      </div>
    )
  }
  if (requests.isError) return <p className="text-destructive">{problemMessage(requests.error, t)}</p>
  if (requests.data.length === 0) {
    return (
      <p className="rounded-2xl border bg-card p-6 text-center text-muted-foreground">
        {filter === 'pending' ? t('memberships.verifications.empty') : t('memberships.verifications.emptyAll')}
      </p>
    )
  }
  return (
    <ul className="flex flex-col gap-3">
      {requests.data.map((request) => (
        <RequestItem key={request.id} request={request} />
      ))}
    </ul>
  )
}

function RequestItem({ request }: { request: VerificationRequest }) {
  const { t, i18n } = useTranslation()
  const review = useReviewVerification()
  const name = request.fullName ?? request.email ?? t('common.user')
  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-label={name}>
      <div className="flex min-w-0 items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold">{name}</span>
          {request.email && request.fullName && (
            <span className="truncate text-sm text-muted-foreground">{request.email}</span>
          )}
          <span className="text-sm text-muted-foreground">
            {[
              request.unitNumber ? t('memberships.verifications.unit', { unit: request.unitNumber }) : null,
              t(request.method === 'document' ? 'memberships.verifications.byDocument' : 'memberships.verifications.byCode'),
              t('memberships.verifications.sentAt', { date: formatDateTime(request.createdAt, i18n.language) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </div>
        <Badge variant={STATUS_BADGE[request.status]}>{t(`memberships.verifications.status.${request.status}`)}</Badge>
      </div>
      {request.note && <p className="text-sm">{t('memberships.verifications.note', { note: request.note })}</p>}
      {request.documentUrl && (
        <a
          href={request.documentUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <FileText className="size-4" aria-hidden />
          {t('memberships.verifications.viewDocument')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      )}
      {request.status === 'pending' && (
        <ReviewButtons
          id={request.id}
          pending={review.isPending}
          onDecide={(decision, note) => {
            review.mutate(
              { id: request.id, decision, note },
              {
                onSuccess: () => {
                  toast.success(t(decision === 'approved' ? 'memberships.verifications.approved' : 'memberships.verifications.rejected'))
                },
                onError: (err) => {
                  toast.error(t('common.error'), { description: problemMessage(err, t) })
                },
              },
            )
          }}
        />
      )}
    </li>
  )
}
