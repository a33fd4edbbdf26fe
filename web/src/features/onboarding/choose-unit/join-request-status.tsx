import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { queryKeys } from '@/lib/query-keys'
import { useSetStep, type JoinRequest } from '../api/onboarding'

/**
 * What a user who asked to join a community found by searching sees: 'Solicitud enviada' until an admin
 * of that community decides; then the way on (approved) or the admin's reason (rejected).
 */
export function JoinRequestStatus({
  request,
  checking,
  onCheck,
}: {
  request: JoinRequest
  checking: boolean
  onCheck: () => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const setStep = useSetStep()
  const community = request.communityName

  if (request.status === 'approved') {
    return (
      <section role="status" className="flex flex-col gap-3 rounded-2xl border bg-card p-5">
        <CircleCheck className="size-8 text-green-600" aria-hidden />
        <h2 className="text-lg font-semibold">{t('onboarding.request.approvedTitle')}</h2>
        <p className="text-muted-foreground">{t('onboarding.request.approvedBody', { community })}</p>
        <Button
          size="lg"
          className="w-full"
          onClick={() => {
            // The session now carries the community: the wizard goes on to /verify.
            void queryClient.invalidateQueries({ queryKey: queryKeys.session() }).then(() => navigate('/verify'))
          }}
        >
          {t('onboarding.request.continue')}
        </Button>
      </section>
    )
  }
  if (request.status === 'rejected') {
    return (
      <section role="status" className="flex flex-col gap-3 rounded-2xl border bg-card p-5">
        <CircleX className="size-8 text-destructive" aria-hidden />
        <h2 className="text-lg font-semibold">{t('onboarding.request.rejectedTitle')}</h2>
        <p className="text-muted-foreground">{t('onboarding.request.rejectedBody', { community })}</p>
        {request.note && <p>{t('onboarding.request.reason', { note: request.note })}</p>}
        <Button
          size="lg"
          className="w-full"
          onClick={() => {
            setStep.mutate('find-community')
            void navigate('/find-community')
          }}
        >
          {t('onboarding.request.searchAgain')}
        </Button>
      </section>
    )
  }
  return (
    <section role="status" className="flex flex-col gap-3 rounded-2xl border bg-card p-5">
      <Clock className="size-8 text-primary" aria-hidden />
      <h2 className="text-lg font-semibold">{t('onboarding.request.sentTitle')}</h2>
      <p className="text-muted-foreground">{t('onboarding.request.sentBody', { community })}</p>
      {request.unitLabel && <p className="text-sm">{t('onboarding.request.unit', { unit: request.unitLabel })}</p>}
      {request.ownerClaim && <p className="text-sm text-muted-foreground">{t('onboarding.request.ownerClaim')}</p>}
      <Button variant="outline" size="lg" className="w-full" disabled={checking} aria-busy={checking} onClick={onCheck}>
        {checking && <LoaderCircle className="animate-spin" aria-hidden />}
        {t('onboarding.request.check')}
      </Button>
    </section>
  )
}
