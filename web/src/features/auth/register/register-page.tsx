import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AuthLayout } from '@/components/auth-layout'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { problemMessage } from '@/lib/api/problem'
import { hasErrorCode } from '@/lib/api/request'
import { LANGUAGES, type Language } from '@/lib/app-settings'
import { loadGuestCatalogue, useTranslation } from '@/lib/i18n'
import { savePendingEmail } from '@/lib/pending-email'
import { useSignUp } from '@/lib/signup'
import { useFieldValue, useSmallForm } from '@/lib/small-form'
import { useCheckEmail } from '../api/check-email'
import { useLookupCommunity, useLookupInvitation } from '../api/lookup-community'
import { StepIndicator } from '../components/step-indicator'
import { AccountStep } from './account-step'
import {
  ADDRESS_FIELDS,
  DEFAULT_REGISTER_VALUES,
  INVITE_CODE_LENGTH,
  normalizeInviteCode,
  type AddressValues,
  type RegisterField,
  type RegisterValues,
} from './register-values'
import type { InviteStatus, StepError } from './validate-steps'

const STEP_KEYS = ['account', 'community', 'contacts'] as const
type Step = 0 | 1 | 2

/**
 * The steps after the first, their checks and the request: a chunk of their own (later-steps.ts), with
 * their part of the catalogue.
 */
const loadLaterSteps = async () => {
  const [steps] = await Promise.all([import('./later-steps'), loadGuestCatalogue('register-later')])
  return steps
}
type LaterSteps = Awaited<ReturnType<typeof loadLaterSteps>>

/**
 * Registration in three steps (Cuenta, Comunidad, Contactos) over one form, so going back and forth
 * keeps what was typed. /register?token=CODE (the invitation link) fills in the community code; &unit=ID
 * (a letter's link) is kept for /choose-unit.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [step, setStep] = useState<Step>(0)
  const [invitation] = useState(() => normalizeInviteCode(params.get('token') ?? ''))
  // A letter's link names the unit too; it only counts with the code it came with.
  const [invitedUnit] = useState(() => (params.get('unit') ?? '').slice(0, 64))
  // An invitation email's personal link (/register?invitation=…) gives the community's current code.
  const [personal] = useState(() => (params.get('invitation') ?? '').slice(0, 100))
  const invitationLookup = useLookupInvitation()
  const personalCode = invitationLookup.data?.code ?? ''
  const form = useSmallForm<RegisterValues>(() => ({ ...DEFAULT_REGISTER_VALUES, inviteCode: invitation }))
  const checkEmail = useCheckEmail()
  const signUp = useSignUp()
  const lookup = useLookupCommunity()
  const inviteCode = useFieldValue(form, 'inviteCode')

  // The later steps load once the first shows; going on waits for them if they are not there yet.
  const [later, setLater] = useState<LaterSteps | null>(null)
  useEffect(() => {
    let live = true
    void loadLaterSteps().then((steps) => {
      if (live) setLater(steps)
    })
    return () => {
      live = false
    }
  }, [])

  // The lookup answers for the code it was asked about; a different code in the field means no answer yet.
  const current = lookup.variables === inviteCode
  const found = current && lookup.isSuccess ? lookup.data : null
  const inviteStatus: InviteStatus =
    inviteCode.length < INVITE_CODE_LENGTH
      ? 'none'
      : !current || lookup.isPending
        ? 'checking'
        : found
          ? 'found'
          : hasErrorCode(lookup.error, 'not_found')
            ? 'not-found'
            : 'failed'

  // What the user had typed in the address before a found community replaced it, to give it back.
  const typedAddress = useRef<AddressValues | null>(null)

  const restoreAddress = useCallback(() => {
    const typed = typedAddress.current
    if (!typed) return
    for (const name of ADDRESS_FIELDS) form.setValue(name, typed[name])
    typedAddress.current = null
  }, [form])

  const { mutate: mutateLookup } = lookup
  const lookUp = useCallback(
    (code: string) => {
      mutateLookup(code, {
        onSuccess: (community) => {
          // The address is split by the later steps' code, there by now or soon (an invitation link's code
          // is looked up as the page opens).
          void loadLaterSteps().then((steps) => {
            if (form.getValues('inviteCode') !== code) return
            typedAddress.current ??= Object.fromEntries(
              ADDRESS_FIELDS.map((name) => [name, form.getValues(name)]),
            ) as AddressValues
            const address = steps.splitAddress(community.address)
            form.setValue('catastralReference', '')
            form.setValue('streetType', address.streetType)
            form.setValue('streetName', address.streetName)
            form.setValue('streetNumber', address.streetNumber)
            form.setValue('postalCode', '')
            form.clearErrors([...ADDRESS_FIELDS, 'inviteCode'])
            toast.success(t('auth.register.community.foundTitle'), {
              description: t('auth.register.community.foundDescription', { name: community.name }),
            })
          })
        },
        onError: (err) => {
          if (form.getValues('inviteCode') !== code) return
          if (hasErrorCode(err, 'code_retired')) {
            // An old letter or link: the admins changed the code. Their words say so.
            const description = problemMessage(err, t)
            form.setError('inviteCode', description)
            toast.error(t('auth.register.community.invalidTokenTitle'), { description })
            return
          }
          if (hasErrorCode(err, 'not_found')) {
            const description = t('auth.register.community.invalidTokenDescription')
            form.setError('inviteCode', description)
            toast.error(t('auth.register.community.invalidTokenTitle'), { description })
            return
          }
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      })
    },
    [mutateLookup, form, t],
  )

  const onInviteCodeChange = (typed: string) => {
    const code = normalizeInviteCode(typed)
    const previous = form.getValues('inviteCode')
    form.setValue('inviteCode', code)
    form.clearErrors('inviteCode')
    if (code === previous) return
    if (code.length === INVITE_CODE_LENGTH) {
      lookUp(code)
    } else if (previous.length === INVITE_CODE_LENGTH) {
      lookup.reset()
      restoreAddress()
    }
  }

  // The invitation link's code is looked up once on arrival (StrictMode runs effects twice).
  const lookedUpInvitation = useRef(false)
  useEffect(() => {
    if (lookedUpInvitation.current || invitation.length !== INVITE_CODE_LENGTH) return
    lookedUpInvitation.current = true
    lookUp(invitation)
  }, [invitation, lookUp])

  // The personal link is looked up once on arrival: its address fills the email, its code the community.
  const { mutate: mutateInvitation } = invitationLookup
  const lookedUpPersonal = useRef(false)
  useEffect(() => {
    if (lookedUpPersonal.current || !personal) return
    lookedUpPersonal.current = true
    mutateInvitation(personal, {
      onSuccess: (inv) => {
        if (!form.getValues('email')) form.setValue('email', inv.email)
        form.setValue('inviteCode', inv.code)
        lookUp(inv.code)
      },
      onError: (err) => {
        toast.error(t('auth.register.community.invitationInvalidTitle'), { description: problemMessage(err, t) })
      },
    })
  }, [personal, mutateInvitation, form, lookUp, t])

  // Each step replaces the last: move focus to the new step's heading so it is read out.
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus()
  }, [step])

  const goTo = (next: Step) => {
    moved.current = true
    setStep(next)
  }

  const report = (error: StepError) => {
    for (const [name, message] of error.fields) form.setError(name, message)
    toast.error(error.title, { description: error.description })
    const first = error.fields[0]?.[0]
    if (first) focusField(first)
  }

  const focusField = (name: RegisterField) => {
    // Radio groups and switches are not text inputs: setFocus works for anything registered with a ref.
    form.setFocus(name)
  }

  const next = async () => {
    const values = form.getValues()
    // The checks come with the later steps, which load as the first step shows.
    const steps = later ?? (await loadLaterSteps())
    setLater(steps)
    if (step === 0) {
      const error = steps.validateAccount(values, t)
      if (error) {
        report(error)
        return
      }
      let exists: boolean
      try {
        exists = await checkEmail.mutateAsync(values.email.trim())
      } catch (err) {
        if (hasErrorCode(err, 'invalid')) {
          report({
            title: t('common.validationError'),
            description: problemMessage(err, t),
            fields: [['email', problemMessage(err, t)]],
          })
        } else {
          toast.error(t('common.error'), { description: t('auth.register.account.emailCheckFailed') })
        }
        return
      }
      if (exists) {
        report({
          title: t('auth.register.account.emailTakenTitle'),
          description: t('auth.register.account.emailTakenDescription'),
          fields: [['email', t('auth.register.account.emailTakenField')]],
        })
        return
      }
      goTo(1)
      return
    }
    const error = steps.validateCommunity(values, inviteStatus, t)
    if (error) {
      report(error)
      return
    }
    goTo(2)
  }

  const finish = () => {
    if (!later) return
    const values = form.getValues()
    const error = later.validateContacts(values, t)
    if (error) {
      report(error)
      return
    }
    const language: Language = LANGUAGES.find((l) => l === i18n.language) ?? 'es'
    const fromLink = values.inviteCode === invitation || values.inviteCode === personalCode
    const personalToken = values.inviteCode === personalCode ? personal : ''
    signUp.mutate(later.buildSignUp(values, found, language, fromLink ? invitedUnit : '', personalToken), {
      onSuccess: ({ email }) => {
        toast.success(t('auth.register.success'))
        savePendingEmail(email)
        void navigate('/email-pending', { state: { email } })
      },
      onError: (err) => {
        if (hasErrorCode(err, 'email_taken')) {
          toast.error(t('auth.register.account.emailTakenTitle'), {
            description: t('auth.register.emailTakenDescription'),
          })
          form.setError('email', t('auth.register.account.emailTakenField'))
          goTo(0)
          return
        }
        if (hasErrorCode(err, 'not_found') || hasErrorCode(err, 'code_retired')) {
          const description = hasErrorCode(err, 'code_retired')
            ? problemMessage(err, t)
            : t('auth.register.community.invalidTokenDescription')
          toast.error(t('auth.register.community.invalidTokenTitle'), { description })
          form.setError('inviteCode', description)
          goTo(1)
          return
        }
        toast.error(t('auth.register.errorTitle'), { description: problemMessage(err, t) })
      },
    })
  }

  const stepNames = STEP_KEYS.map((key) => t(`auth.register.steps.${key}`))
  const busy = checkEmail.isPending || signUp.isPending

  return (
    <AuthLayout
      backTo="/"
      title={t('auth.register.title')}
      description={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
            {t('auth.register.login')}
          </Link>
        </>
      }
    >
      <StepIndicator steps={stepNames} current={step} label={t('auth.register.progress')} />
      {invitationLookup.data && (
        <p role="status" className="rounded-xl bg-accent p-3 text-sm text-accent-foreground">
          {t('auth.register.community.invitation', { email: invitationLookup.data.email })}
        </p>
      )}
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault()
          if (busy) return
          if (step === 2) finish()
          else void next()
        }}
      >
        <div>
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('auth.register.stepOf', { current: step + 1, total: STEP_KEYS.length })}
          </p>
          <h2 ref={stepHeading} tabIndex={-1} className="text-xl font-bold outline-none">
            {stepNames[step]}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t(`auth.register.${STEP_KEYS[step]}.intro`)}</p>
        </div>

        {step === 0 && <AccountStep form={form} />}
        {step === 1 && later && (
          <later.CommunityStep
            form={form}
            found={found}
            searching={inviteStatus === 'checking' && lookup.isPending}
            onInviteCodeChange={onInviteCodeChange}
          />
        )}
        {step === 2 && later && <later.ContactsStep form={form} />}

        <div className="flex gap-3">
          {step > 0 && (
            <Button
              type="button"
              variant="outline"
              size="lg"
              className="flex-1"
              disabled={signUp.isPending}
              onClick={() => {
                goTo((step - 1) as Step)
              }}
            >
              {t('auth.register.back')}
            </Button>
          )}
          <SubmitButton size="lg" className="flex-1" pending={busy}>
            {step < 2
              ? checkEmail.isPending
                ? t('auth.register.checkingEmail')
                : t('auth.register.next')
              : signUp.isPending
                ? t('auth.register.submitting')
                : t('auth.register.finish')}
          </SubmitButton>
        </div>
      </form>
    </AuthLayout>
  )
}
