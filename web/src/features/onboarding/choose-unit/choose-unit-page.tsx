import { Building2, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { cn } from '@/lib/utils'
import { useChooseUnit, useCommunityUnits, useInvitedUnit, useMyJoinRequest, useSetStep, type CommunityMatch } from '../api/onboarding'
import { WizardLayout } from '../components/wizard-layout'
import { forgetChosenCommunity, readChosenCommunity } from '../lib/wizard-storage'
import { chooseUnitError, type UnitChoice } from './choose-unit-validation'
import { ChooseUnitInputBody as limits } from '@/lib/api/limits'
import { JoinRequestStatus } from './join-request-status'

function communityFromState(state: unknown): CommunityMatch | null {
  if (typeof state !== 'object' || state === null) return null
  const community: unknown = Reflect.get(state, 'community')
  return typeof community === 'object' && community !== null ? (community as CommunityMatch) : null
}

/**
 * /choose-unit: pick the dwelling from the community's list, or give floor and door. In a community found
 * by searching this sends a join request, and the page then shows how it stands ('Solicitud enviada').
 */
export function ChooseUnitPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const { user } = useSession()
  const ownCommunity = user?.communityId ?? ''
  // A community found in /find-community is asked to join here; otherwise the user's own (created or invited).
  const [chosen, setChosen] = useState(() => (ownCommunity ? null : (communityFromState(location.state) ?? readChosenCommunity())))
  const communityRef = chosen?.choice ?? ownCommunity
  const units = useCommunityUnits(communityRef || undefined)
  const request = useMyJoinRequest(!ownCommunity)
  const choose = useChooseUnit()
  const setStep = useSetStep()
  const [picked, setChoiceState] = useState<UnitChoice | null>(null)
  const [owner, setOwner] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  // The unit of the invitation (or the letter's link) is preselected until the user picks something.
  const invited = useInvitedUnit(Boolean(ownCommunity))
  const invitedUnitId = invited.data && units.data?.some((u) => u.id === invited.data) ? invited.data : ''
  const choice: UnitChoice = picked ?? { unitId: invitedUnitId, floor: '', door: '', manual: false }
  // A new choice makes the previous message stale.
  const setChoice = (next: UnitChoice) => {
    setChoiceState(next)
    setError(null)
  }

  const back = () => {
    setStep.mutate(ownCommunity ? 'join' : 'find-community')
    void navigate(ownCommunity ? '/join' : '/find-community')
  }

  const submit = () => {
    const problem = chooseUnitError(choice)
    if (problem) {
      const message = t(`onboarding.unit.${problem}`)
      setError(message)
      toast.error(t('common.validationError'), { description: message })
      return
    }
    setError(null)
    choose.mutate(
      {
        ...(chosen ? { choice: chosen.choice } : {}),
        ...(choice.manual ? { floor: choice.floor.trim(), door: choice.door.trim() } : { unitId: choice.unitId }),
        owner,
      },
      {
        onSuccess: ({ joinRequest }) => {
          forgetChosenCommunity()
          if (joinRequest) setChosen(null)
          else void navigate('/verify')
        },
        onError: (err) => {
          toast.error(t('onboarding.errors.continueFailed'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  if (!communityRef) {
    if (request.isPending && !ownCommunity) {
      return (
        <WizardLayout step={3} onBack={back} title={t('onboarding.unit.title')}>
          <div className="flex justify-center py-4">
            <Spinner className="size-6" />
          </div>
        </WizardLayout>
      )
    }
    if (request.data) {
      return (
        <WizardLayout step={3} onBack={back} title={t('onboarding.unit.title')}>
          <JoinRequestStatus
            request={request.data}
            checking={request.isFetching}
            onCheck={() => {
              void request.refetch()
            }}
          />
        </WizardLayout>
      )
    }
    return (
      <WizardLayout step={3} onBack={back} title={t('onboarding.unit.title')}>
        <p className="text-muted-foreground">{t('onboarding.unit.noCommunity')}</p>
        <Button asChild size="lg" className="w-full">
          <Link to="/find-community">{t('onboarding.find.create')}</Link>
        </Button>
      </WizardLayout>
    )
  }

  const all = units.data ?? []
  const needle = query.trim().toLocaleLowerCase()
  const list = needle
    ? all.filter((u) => [u.building, u.floor, u.unitNumber].filter(Boolean).join(' ').toLocaleLowerCase().includes(needle))
    : all
  const manual = choice.manual || (units.isSuccess && all.length === 0)
  return (
    <WizardLayout step={3} onBack={back} title={t('onboarding.unit.title')} description={t('onboarding.unit.subtitle')}>
      {chosen && (
        <div className="flex items-center gap-3 rounded-2xl border bg-card p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
            <Building2 className="size-5" aria-hidden />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-semibold">{chosen.name}</span>
            <span className="text-sm break-words text-muted-foreground">
              {chosen.address}, {chosen.city}
            </span>
          </span>
        </div>
      )}

      {units.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner className="size-6" />
        </div>
      ) : units.isError ? (
        <p className="text-destructive">{problemMessage(units.error, t)}</p>
      ) : (
        all.length > 0 && (
          <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'unit-error' : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('onboarding.unit.pick')}</legend>
            {all.length > 6 && (
              <Input
                type="search"
                aria-label={t('onboarding.unit.search')}
                placeholder={t('onboarding.unit.search')}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value)
                }}
              />
            )}
            {choice.unitId && choice.unitId === invitedUnitId && !manual && (
              <p className="text-sm text-muted-foreground">{t('onboarding.unit.invited')}</p>
            )}
            {list.length === 0 && <p className="text-sm text-muted-foreground">{t('onboarding.unit.noMatch')}</p>}
            <div className="grid grid-cols-2 gap-2 min-[400px]:grid-cols-3">
              {list.map((unit) => {
                const selected = !manual && choice.unitId === unit.id
                return (
                  <label
                    key={unit.id}
                    className={cn(
                      'flex min-h-11 cursor-pointer flex-col justify-center rounded-xl border-2 px-3 py-2 text-sm ' +
                        'transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
                      selected ? 'border-primary bg-accent' : 'border-input bg-card',
                    )}
                  >
                    <input
                      type="radio"
                      name="unit"
                      value={unit.id}
                      checked={selected}
                      onChange={() => {
                        setChoice({ ...choice, unitId: unit.id, manual: false })
                      }}
                      className="sr-only"
                    />
                    <span className="truncate font-semibold">{unit.unitNumber}</span>
                    {(unit.building ?? unit.floor) && (
                      <span className="truncate text-xs text-muted-foreground">
                        {[unit.building, unit.floor].filter(Boolean).join(' · ')}
                      </span>
                    )}
                  </label>
                )
              })}
            </div>
            <Button
              type="button"
              variant="link"
              className="self-start px-0"
              aria-pressed={choice.manual}
              onClick={() => {
                setChoice({ ...choice, manual: !choice.manual })
              }}
            >
              {choice.manual ? t('onboarding.unit.pickFromList') : t('onboarding.unit.manual')}
            </Button>
          </fieldset>
        )
      )}

      {manual && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">{t('onboarding.unit.manualTitle')}</legend>
          <div className="grid grid-cols-2 gap-4">
            <FormField id="unit-floor" label={t('onboarding.unit.floor')}>
              {(control) => (
                <Input
                  {...control}
                  value={choice.floor}
                  maxLength={limits.floor}
                  placeholder="3"
                  onChange={(e) => {
                    setChoice({ ...choice, floor: e.target.value, manual: true })
                  }}
                />
              )}
            </FormField>
            <FormField id="unit-door" label={t('onboarding.unit.door')}>
              {(control) => (
                <Input
                  {...control}
                  value={choice.door}
                  maxLength={limits.door}
                  placeholder="B"
                  onChange={(e) => {
                    setChoice({ ...choice, door: e.target.value, manual: true })
                  }}
                />
              )}
            </FormField>
          </div>
        </fieldset>
      )}

      <label htmlFor="unit-owner" className="flex cursor-pointer items-start gap-3 text-sm">
        <Checkbox
          id="unit-owner"
          checked={owner}
          onChange={(e) => {
            setOwner(e.target.checked)
          }}
          className="mt-0.5"
        />
        <span>{t('onboarding.unit.owner')}</span>
      </label>

      {error && (
        <p id="unit-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}

      <Button size="lg" className="w-full" disabled={choose.isPending} aria-busy={choose.isPending} onClick={submit}>
        {choose.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
        {chosen ? t('onboarding.unit.join') : t('onboarding.continue')}
      </Button>
      {ownCommunity && (
        <Button asChild variant="ghost" size="lg" className="w-full">
          <Link to="/dashboard">{t('onboarding.unit.skip')}</Link>
        </Button>
      )}
    </WizardLayout>
  )
}
