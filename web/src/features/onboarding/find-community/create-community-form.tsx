import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { problemMessage } from '@/lib/api/problem'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { CreateCommunityInputBody as limits } from '@/lib/api/limits'
import { useCreateCommunity, type AddressQuery } from '../api/onboarding'

function createSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(1, t('onboarding.create.nameRequired')).max(limits.name, t('onboarding.find.tooLong')),
    address: z.string().trim().min(1, t('onboarding.create.addressRequired')).max(limits.address, t('onboarding.find.tooLong')),
    city: z.string().trim().min(1, t('onboarding.create.cityRequired')).max(limits.city, t('onboarding.find.tooLong')),
    postalCode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, t('onboarding.create.postalCodeInvalid')),
  })
}

/** The community a search did not find: created with the user as its admin. */
export function CreateCommunityForm({ address, onCreated }: { address: AddressQuery | null; onCreated: () => void }) {
  const { t } = useTranslation()
  const schema = useMemo(() => createSchema(t), [t])
  const street = address ? `${address.streetType} ${address.streetName}, ${address.number}` : ''
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: street ? `Comunidad ${street}` : '', address: street, city: address?.municipality ?? '', postalCode: '' },
  })
  const { errors } = form.formState
  const create = useCreateCommunity()

  const onSubmit = form.handleSubmit(
    (values) => {
      create.mutate(
        {
          ...values,
          ...(address
            ? {
                province: address.province,
                streetType: address.streetType,
                streetName: address.streetName,
                streetNumber: address.number,
              }
            : {}),
        },
        {
          onSuccess: () => {
            toast.success(t('onboarding.create.created'))
            onCreated()
          },
          onError: (err) => {
            toast.error(t('onboarding.errors.saveFailed'), { description: problemMessage(err, t) })
          },
        },
      )
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )

  return (
    <section aria-labelledby="create-community" className="flex flex-col gap-4 rounded-2xl border bg-card p-4">
      <h2 id="create-community" className="text-lg font-semibold">
        {t('onboarding.create.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('onboarding.create.hint')}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormField id="create-name" label={t('onboarding.create.name')} error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} />}
        </FormField>
        <FormField id="create-address" label={t('onboarding.create.address')} error={errors.address?.message}>
          {(control) => <Input {...control} {...form.register('address')} autoComplete="street-address" />}
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField id="create-city" label={t('onboarding.create.city')} error={errors.city?.message}>
            {(control) => <Input {...control} {...form.register('city')} autoComplete="address-level2" />}
          </FormField>
          <FormField id="create-postal-code" label={t('onboarding.create.postalCode')} error={errors.postalCode?.message}>
            {(control) => (
              <Input {...control} {...form.register('postalCode')} inputMode="numeric" autoComplete="postal-code" />
            )}
          </FormField>
        </div>
        <SubmitButton size="lg" className="w-full" pending={create.isPending}>
          {t('onboarding.find.create')}
        </SubmitButton>
      </form>
    </section>
  )
}
