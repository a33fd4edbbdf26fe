import { Building2, LoaderCircle, Plus, Search } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { useFindCommunities, useSetStep, type AddressQuery, type CommunityMatch } from '../api/onboarding'
import { Tabs } from '../components/tabs'
import { WizardLayout } from '../components/wizard-layout'
import { forgetChosenCommunity, saveChosenCommunity } from '../lib/wizard-storage'
import { CreateCommunityForm } from './create-community-form'
import { addressSchema, referenceSchema, STREET_TYPES, type AddressValues } from './find-community-schemas'

type Mode = 'reference' | 'address'

/** /find-community: search the user's community by cadastral reference or by address. */
export function FindCommunityPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [mode, setMode] = useState<Mode>('reference')
  const find = useFindCommunities()
  const setStep = useSetStep()
  const [lastAddress, setLastAddress] = useState<AddressQuery | null>(null)
  const [creating, setCreating] = useState(false)

  const search = (query: { reference: string } | { address: AddressQuery }) => {
    setCreating(false)
    find.mutate(query, {
      onSuccess: (found) => {
        if (found.length > 0) toast.success(t('onboarding.find.found'))
      },
      onError: (err) => {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      },
    })
  }

  const choose = (community: CommunityMatch) => {
    saveChosenCommunity(community)
    setStep.mutate('choose-unit')
    void navigate('/choose-unit', { state: { community } })
  }

  const back = () => {
    setStep.mutate('join')
    void navigate('/join')
  }

  const results = find.data
  return (
    <WizardLayout step={2} onBack={back} title={t('onboarding.find.title')} description={t('onboarding.find.subtitle')}>
      <Tabs<Mode>
        label={t('onboarding.find.searchBy')}
        value={mode}
        onChange={(next) => {
          setMode(next)
          find.reset()
          setCreating(false)
        }}
        tabs={[
          { id: 'reference', label: t('onboarding.find.byReference') },
          { id: 'address', label: t('onboarding.find.byAddress') },
        ]}
      >
        {mode === 'reference' ? (
          <ReferenceForm busy={find.isPending} onSearch={(reference) => {
              search({ reference })
            }}
          />
        ) : (
          <AddressForm
            busy={find.isPending}
            onSearch={(address) => {
              setLastAddress(address)
              search({ address })
            }}
          />
        )}
      </Tabs>

      {results && (
        <section aria-labelledby="find-results" className="flex flex-col gap-3">
          <h2 id="find-results" className="text-lg font-semibold">
            {results.length > 0 ? t('onboarding.find.results', { total: results.length }) : t('onboarding.find.none')}
          </h2>
          {results.length === 0 && <p className="text-sm text-muted-foreground">{t('onboarding.find.noneHint')}</p>}
          <ul className="flex flex-col gap-2">
            {results.map((community) => (
              <li key={community.choice}>
                <button
                  type="button"
                  className={
                    'flex w-full items-center gap-3 rounded-2xl border bg-card p-4 text-left transition-colors ' +
                    'outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring'
                  }
                  onClick={() => {
                    choose(community)
                  }}
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                    <Building2 className="size-5" aria-hidden />
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-semibold">{community.name}</span>
                    <span className="text-sm break-words text-muted-foreground">
                      {community.address}, {community.city}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {results.length === 0 && !creating && (
            <Button
              variant="outline"
              size="lg"
              className="w-full"
              onClick={() => {
                setCreating(true)
              }}
            >
              <Plus aria-hidden />
              {t('onboarding.find.create')}
            </Button>
          )}
        </section>
      )}

      {creating && (
        <CreateCommunityForm
          address={mode === 'address' ? lastAddress : null}
          onCreated={() => {
            forgetChosenCommunity()
            setStep.mutate('choose-unit')
            void navigate('/choose-unit')
          }}
        />
      )}
    </WizardLayout>
  )
}

function ReferenceForm({ busy, onSearch }: { busy: boolean; onSearch: (reference: string) => void }) {
  const { t } = useTranslation()
  const schema = useMemo(() => referenceSchema(t), [t])
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reference: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(
    (values) => {
      onSearch(values.reference)
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <FormField
        id="find-reference"
        label={t('onboarding.find.reference')}
        error={errors.reference?.message}
        hint={t('onboarding.find.referenceHint')}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('reference')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="9872023VH5797S0001WX"
            className="font-mono uppercase"
          />
        )}
      </FormField>
      <SearchButton busy={busy} />
    </form>
  )
}

function AddressForm({ busy, onSearch }: { busy: boolean; onSearch: (address: AddressQuery) => void }) {
  const { t } = useTranslation()
  const schema = useMemo(() => addressSchema(t), [t])
  const form = useForm<AddressValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { province: '', municipality: '', streetType: 'Calle', streetName: '', number: '', floor: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(
    (values) => {
      const { floor, ...rest } = values
      onSearch(floor ? { ...rest, floor } : rest)
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
        <FormField id="find-province" label={t('onboarding.find.province')} error={errors.province?.message}>
          {(control) => <Input {...control} {...form.register('province')} autoComplete="address-level1" />}
        </FormField>
        <FormField id="find-municipality" label={t('onboarding.find.municipality')} error={errors.municipality?.message}>
          {(control) => <Input {...control} {...form.register('municipality')} autoComplete="address-level2" />}
        </FormField>
      </div>
      <FormField id="find-street-type" label={t('onboarding.find.streetType')} error={errors.streetType?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('streetType')}>
            {STREET_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="find-street-name" label={t('onboarding.find.streetName')} error={errors.streetName?.message}>
        {(control) => <Input {...control} {...form.register('streetName')} autoComplete="address-line1" />}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="find-number" label={t('onboarding.find.number')} error={errors.number?.message}>
          {(control) => <Input {...control} {...form.register('number')} inputMode="numeric" />}
        </FormField>
        <FormField
          id="find-floor"
          label={t('onboarding.find.floor')}
          optionalText={t('common.optional')}
          error={errors.floor?.message}
        >
          {(control) => <Input {...control} {...form.register('floor')} />}
        </FormField>
      </div>
      <SearchButton busy={busy} />
    </form>
  )
}

function SearchButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation()
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Search aria-hidden />}
      {t('onboarding.find.search')}
    </Button>
  )
}
