import { Building2, ExternalLink, LoaderCircle } from 'lucide-react'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { normalizeCatastralReference } from '@/lib/catastro'
import { useTranslation } from '@/lib/i18n'
import { useFieldValue } from '@/lib/small-form'
import type { CommunitySummary } from '../api/lookup-community'
import type { StepProps } from './account-step'
import { CATASTRAL_REFERENCE_LENGTH, CATASTRO_SEARCH_URL, REGISTRATION_CITY, STREET_TYPES } from './community-values'
import { INVITE_CODE_LENGTH, type RegisterValues } from './register-values'

interface CommunityStepProps extends StepProps {
  found: CommunitySummary | null
  searching: boolean
  onInviteCodeChange: (typed: string) => void
}

/** Step 1, Comunidad: an invitation code, or the building's reference, address and layout. */
export function CommunityStep({ form, found, searching, onInviteCodeChange }: CommunityStepProps) {
  const { t } = useTranslation()
  const { errors } = form
  const field = (name: keyof RegisterValues) => form.register(name)
  const optional = t('common.optional')
  const hasStairs = useFieldValue(form, 'hasStairs')
  const hasPortals = useFieldValue(form, 'hasPortals')
  const locked = found !== null

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <FormField
          id="register-invite-code"
          label={t('auth.register.community.inviteCode')}
          optionalText={optional}
          error={errors.inviteCode}
          hint={t('auth.register.community.inviteCodeHint')}
        >
          {(control) => (
            <Input
              {...control}
              {...field('inviteCode')}
              onChange={(e) => {
                onInviteCodeChange(e.target.value)
              }}
              maxLength={INVITE_CODE_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono tracking-[0.3em] uppercase"
            />
          )}
        </FormField>
        <div aria-live="polite" className="empty:hidden">
          {searching && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              {t('auth.register.community.searching')}
            </p>
          )}
          {found && (
            <div className="flex gap-3 rounded-xl border border-primary/30 bg-accent/60 p-3 text-accent-foreground">
              <Building2 className="mt-0.5 size-5 shrink-0" aria-hidden />
              <div className="text-sm">
                <p className="font-semibold">{t('auth.register.community.joining')}</p>
                <p>{found.name}</p>
                <p className="text-accent-foreground/80">
                  {found.address}, {found.city}
                </p>
              </div>
            </div>
          )}
        </div>
      </div>

      <fieldset className="flex flex-col gap-4" disabled={locked}>
        <legend className="mb-4 text-base font-semibold">{t('auth.register.community.address')}</legend>
        <FormField
          id="register-catastral-reference"
          label={t('auth.register.community.catastralReference')}
          optionalText={optional}
          error={errors.catastralReference}
          hint={
            <>
              {t('auth.register.community.catastralHint')}{' '}
              <a
                href={CATASTRO_SEARCH_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('auth.register.community.catastralSearch')}
                <ExternalLink className="size-3" aria-hidden />
                <span className="sr-only">{t('common.opensInNewTab')}</span>
              </a>
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              {...field('catastralReference')}
              onChange={(e) => {
                form.clearErrors('catastralReference')
                form.setValue(
                  'catastralReference',
                  normalizeCatastralReference(e.target.value)
                    .replace(/[^A-ZÑ0-9]/g, '')
                    .slice(0, CATASTRAL_REFERENCE_LENGTH),
                )
              }}
              maxLength={CATASTRAL_REFERENCE_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono uppercase"
            />
          )}
        </FormField>
        <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
          <FormField id="register-street-type" label={t('auth.register.community.streetType')}>
            {(control) => (
              <NativeSelect {...control} {...field('streetType')}>
                {STREET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`auth.register.community.streetTypes.${type}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            id="register-street-name"
            label={t('auth.register.community.streetName')}
            error={errors.streetName}
          >
            {(control) => (
              <Input
                {...control}
                {...field('streetName')}
                maxLength={100}
                autoComplete="address-line1"
                placeholder={t('auth.register.community.streetNamePlaceholder')}
              />
            )}
          </FormField>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            id="register-street-number"
            label={t('auth.register.community.streetNumber')}
            error={errors.streetNumber}
          >
            {(control) => <Input {...control} {...field('streetNumber')} maxLength={10} inputMode="text" />}
          </FormField>
          <FormField
            id="register-postal-code"
            label={t('auth.register.community.postalCode')}
            error={errors.postalCode}
          >
            {(control) => (
              <Input
                {...control}
                {...field('postalCode')}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                pattern="[0-9]*"
                placeholder={locked ? undefined : '28013'}
              />
            )}
          </FormField>
        </div>
        <FormField
          id="register-city"
          label={t('auth.register.community.city')}
          hint={locked ? undefined : t('auth.register.community.cityHint')}
        >
          {(control) => <Input {...control} value={found?.city ?? REGISTRATION_CITY} readOnly disabled />}
        </FormField>
      </fieldset>

      <FormField
        id="register-floor"
        label={t('auth.register.community.floor')}
        optionalText={optional}
        error={errors.floor}
        hint={t('auth.register.community.floorHint')}
      >
        {(control) => <Input {...control} {...field('floor')} maxLength={10} />}
      </FormField>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-4 text-base font-semibold">
          {t('auth.register.community.building')}
          <span className="ml-1 text-sm font-normal text-muted-foreground">{optional}</span>
        </legend>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            id="register-floors-count"
            label={t('auth.register.community.floorsCount')}
            error={errors.floorsCount}
          >
            {(control) => (
              <Input {...control} {...field('floorsCount')} type="number" inputMode="numeric" min={0} step={1} />
            )}
          </FormField>
          <FormField
            id="register-doors-per-floor"
            label={t('auth.register.community.doorsPerFloor')}
            error={errors.doorsPerFloor}
          >
            {(control) => (
              <Input {...control} {...field('doorsPerFloor')} type="number" inputMode="numeric" min={0} step={1} />
            )}
          </FormField>
        </div>
        <FormField
          id="register-nomenclature"
          label={t('auth.register.community.nomenclature')}
          optionalText={optional}
          hint={t('auth.register.community.nomenclatureHint')}
        >
          {(control) => <Input {...control} {...field('nomenclature')} maxLength={100} />}
        </FormField>
        <CountToggle
          form={form}
          toggle="hasStairs"
          count="stairsCount"
          on={hasStairs}
          toggleLabel={t('auth.register.community.hasStairs')}
          countLabel={t('auth.register.community.stairsCount')}
        />
        <CountToggle
          form={form}
          toggle="hasPortals"
          count="portalsCount"
          on={hasPortals}
          toggleLabel={t('auth.register.community.hasPortals')}
          countLabel={t('auth.register.community.portalsCount')}
        />
        <FormField id="register-observations" label={t('auth.register.community.observations')} optionalText={optional}>
          {(control) => <Textarea {...control} {...field('observations')} maxLength={1000} rows={3} />}
        </FormField>
      </fieldset>
    </div>
  )
}

interface CountToggleProps extends StepProps {
  toggle: 'hasStairs' | 'hasPortals'
  count: 'stairsCount' | 'portalsCount'
  on: boolean
  toggleLabel: string
  countLabel: string
}

/** A switch that reveals a count (stairs, portals); the count is at least 1. */
function CountToggle({ form, toggle, count, on, toggleLabel, countLabel }: CountToggleProps) {
  const id = `register-${toggle}`
  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-h-11 items-center justify-between gap-3">
        <Label htmlFor={id}>{toggleLabel}</Label>
        <Switch
          id={id}
          checked={on}
          onCheckedChange={(checked) => {
            form.setValue(toggle, checked)
            form.clearErrors(count)
          }}
        />
      </div>
      {on && (
        <FormField id={`register-${count}`} label={countLabel} error={form.errors[count]}>
          {(control) => <Input {...control} {...form.register(count)} type="number" inputMode="numeric" min={1} step={1} />}
        </FormField>
      )}
    </div>
  )
}
