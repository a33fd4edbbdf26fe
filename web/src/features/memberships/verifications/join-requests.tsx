import { useState, type ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { formatDateTime } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import {
  usePendingJoinRequests,
  usePendingOwnerClaims,
  usePendingResidentClaims,
  useReviewJoinRequest,
  useReviewOwnerClaim,
  useReviewResidentClaim,
  type JoinRequest,
  type OwnerClaim,
  type ResidentClaim,
} from '../api/join-requests'
import { useNewUnits, useReviewNewUnit, type ProposedUnit } from '../api/join-requests'
import { ReviewButtons, type ReviewDecision } from '../components/review-buttons'

/** Reports a review's outcome in a toast. */
// The toast follows the decision's promise, not mutate's callbacks: those are dropped once the row unmounts,
// and the row leaves the list as soon as the decision's live update refetches it, often before the answer.
function useReviewFeedback() {
  const { t } = useTranslation()
  return (decided: Promise<unknown>, approved: string, rejected: string, decision: ReviewDecision) => {
    decided.then(
      () => {
        toast.success(decision === 'approved' ? approved : rejected)
      },
      (err: unknown) => {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      },
    )
  }
}

function Section<T>({
  id,
  title,
  hint,
  empty,
  query,
  children,
}: {
  id: string
  title: string
  hint?: string
  empty: string
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T[] }
  children: (items: T[]) => ReactNode
}) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      {query.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner className="size-6" />
        </div>
      ) : query.isError ? (
        <p className="text-destructive">{problemMessage(query.error, t)}</p>
      ) : !query.data?.length ? (
        <p className="rounded-2xl border bg-card p-4 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">{children(query.data)}</ul>
      )}
    </section>
  )
}

/** The requests to join the community that its search started, for an admin to approve or reject. */
export function JoinRequestList() {
  const { t } = useTranslation()
  const requests = usePendingJoinRequests()
  return (
    <Section
      id="join-requests"
      title={t('memberships.joinRequests.title')}
      empty={t('memberships.joinRequests.empty')}
      query={requests}
    >
      {(items) => items.map((request) => <JoinRequestItem key={request.id} request={request} />)}
    </Section>
  )
}

function JoinRequestItem({ request }: { request: JoinRequest }) {
  const { t, i18n } = useTranslation()
  const review = useReviewJoinRequest()
  const feedback = useReviewFeedback()
  const name = request.fullName ?? request.email ?? t('common.user')
  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-label={name}>
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{name}</span>
        {request.fullName && request.email && <span className="truncate text-sm text-muted-foreground">{request.email}</span>}
        <span className="text-sm text-muted-foreground">
          {[
            request.unitLabel ? t('memberships.joinRequests.unit', { unit: request.unitLabel }) : null,
            request.ownerClaim ? t('memberships.joinRequests.ownerClaim') : null,
            t('memberships.verifications.sentAt', { date: formatDateTime(request.createdAt, i18n.language) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <ReviewButtons
        id={request.id}
        pending={review.isPending}
        onDecide={(decision, note) => {
          feedback(review.mutateAsync({ id: request.id, decision, note }), t('memberships.joinRequests.approved'), t('memberships.joinRequests.rejected'), decision)
        }}
      />
    </li>
  )
}

/**
 * Who else lives in or owns the unit of a claim, so that the admin decides it knowing them: 'También en
 * 2º A: Ana Sanz (residente), Eva Mora (propietario, sin confirmar)'.
 */
function ClaimOthers({ unit, others }: { unit: string; others: OwnerClaim['others'] }) {
  const { t } = useTranslation()
  if (!others?.length) return <p className="text-sm">{t('memberships.claims.nobodyElse', { unit })}</p>
  const people = others
    .map((o) =>
      t(o.confirmed ? 'memberships.claims.person' : 'memberships.claims.personUnconfirmed', {
        name: o.fullName,
        relation: t(`units.relationLower.${o.relation}`),
      }),
    )
    .join(', ')
  return <p className="text-sm">{t('memberships.claims.others', { unit, people })}</p>
}

/** The members who say they own their unit, for an admin to confirm. */
export function OwnerClaimList() {
  const { t } = useTranslation()
  const claims = usePendingOwnerClaims()
  return (
    <Section
      id="owner-claims"
      title={t('memberships.ownerClaims.title')}
      hint={t('memberships.ownerClaims.hint')}
      empty={t('memberships.ownerClaims.empty')}
      query={claims}
    >
      {(items) => items.map((claim) => <OwnerClaimItem key={claim.id} claim={claim} />)}
    </Section>
  )
}

function OwnerClaimItem({ claim }: { claim: OwnerClaim }) {
  const { t } = useTranslation()
  const review = useReviewOwnerClaim()
  const feedback = useReviewFeedback()
  const name = claim.fullName
  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-label={name}>
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{name}</span>
        <span className="text-sm text-muted-foreground">{t('memberships.ownerClaims.claim', { unit: claim.unitLabel })}</span>
        {claim.newUnit && (
          <Badge variant="orange" className="mt-1 self-start">
            {t('memberships.ownerClaims.newUnit')}
          </Badge>
        )}
      </div>
      <ClaimOthers unit={claim.unitLabel} others={claim.others} />
      <ReviewButtons
        id={claim.id}
        pending={review.isPending}
        withNote={false}
        approveLabel={t('memberships.ownerClaims.confirm')}
        onDecide={(decision) => {
          feedback(review.mutateAsync({ id: claim.id, decision }), t('memberships.ownerClaims.confirmed'), t('memberships.ownerClaims.rejected'), decision)
        }}
      />
    </li>
  )
}

/** The members who say they live in a further unit (a second flat, a garage), for an admin to confirm. */
export function ResidentClaimList() {
  const { t } = useTranslation()
  const claims = usePendingResidentClaims()
  return (
    <Section
      id="resident-claims"
      title={t('memberships.residentClaims.title')}
      hint={t('memberships.residentClaims.hint')}
      empty={t('memberships.residentClaims.empty')}
      query={claims}
    >
      {(items) => items.map((claim) => <ResidentClaimItem key={`${claim.unitId}/${claim.userId}`} claim={claim} />)}
    </Section>
  )
}

/** How an admin may confirm someone lives in a unit; owning it takes an owner claim. */
const RESIDENT_RELATIONS: ResidentClaim['relation'][] = ['resident', 'tenant', 'family']

function ResidentClaimItem({ claim }: { claim: ResidentClaim }) {
  const { t } = useTranslation()
  const review = useReviewResidentClaim()
  const feedback = useReviewFeedback()
  // What the member said, which the admin may correct before confirming.
  const [relation, setRelation] = useState(claim.relation)
  const relationId = `resident-claim-relation-${claim.unitId}-${claim.userId}`
  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-label={claim.fullName}>
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{claim.fullName}</span>
        <span className="text-sm text-muted-foreground">
          {t('units.claimOf', { unit: claim.unitLabel, relation: t(`units.relationLower.${claim.relation}`) })}
        </span>
      </div>
      <ClaimOthers unit={claim.unitLabel} others={claim.others} />
      <div className="flex flex-col gap-1">
        <label htmlFor={relationId} className="text-sm font-medium">
          {t('units.confirmAs')}
        </label>
        <NativeSelect
          id={relationId}
          value={relation}
          onChange={(e) => {
            setRelation(e.target.value as ResidentClaim['relation'])
          }}
        >
          {RESIDENT_RELATIONS.map((r) => (
            <option key={r} value={r}>
              {t(`units.relation.${r}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ReviewButtons
        id={`${claim.unitId}-${claim.userId}`}
        pending={review.isPending}
        withNote={false}
        approveLabel={t('memberships.ownerClaims.confirm')}
        onDecide={(decision) => {
          feedback(review.mutateAsync({ unitId: claim.unitId, userId: claim.userId, decision, relation: decision === 'approved' ? relation : undefined }), t('memberships.residentClaims.confirmed'), t('memberships.residentClaims.rejected'), decision)
        }}
      />
    </li>
  )
}

/** The units members gave by floor and door because they were not listed, for an admin to accept. */
export function NewUnitList() {
  const { t } = useTranslation()
  const units = useNewUnits()
  return (
    <Section id="new-units" title={t('memberships.newUnits.title')} hint={t('memberships.newUnits.hint')} empty={t('memberships.newUnits.empty')} query={units}>
      {(items) => items.map((unit) => <NewUnitItem key={unit.id} unit={unit} />)}
    </Section>
  )
}

function NewUnitItem({ unit }: { unit: ProposedUnit }) {
  const { t } = useTranslation()
  const review = useReviewNewUnit()
  const feedback = useReviewFeedback()
  return (
    <li className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-label={unit.unitLabel}>
      <div className="flex min-w-0 flex-col">
        <span className="truncate font-semibold">{unit.unitLabel}</span>
        <span className="truncate text-sm text-muted-foreground">{t('memberships.newUnits.by', { name: unit.fullName || unit.email })}</span>
      </div>
      <ReviewButtons
        id={unit.id}
        pending={review.isPending}
        withNote={false}
        approveLabel={t('memberships.newUnits.accept')}
        onDecide={(decision) => {
          feedback(review.mutateAsync({ id: unit.id, decision }), t('memberships.newUnits.accepted'), t('memberships.newUnits.rejected'), decision)
        }}
      />
    </li>
  )
}
