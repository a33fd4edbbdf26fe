import { useState, type SyntheticEvent } from 'react'
import { SelectField } from '@/components/select-field'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { CATEGORIES, useCreateProvider, useUpdateProvider, type Provider, type ProviderCategory } from '../api/providers'

interface ProviderFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  isAdmin: boolean
  /** The provider an admin edits; undefined to suggest (or, for an admin, add) one. */
  provider?: Provider
}

/** 'Sugerir Servicio' for members, 'Añadir proveedor' and 'Editar proveedor' for admins. */
export function ProviderFormDialog({ open, onOpenChange, isAdmin, provider }: ProviderFormDialogProps) {
  const { t } = useTranslation()
  const mode = provider ? 'edit' : isAdmin ? 'add' : 'suggest'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t(`providers.form.${mode}Title`)}</DialogTitle>
          <DialogDescription>{t(`providers.form.${mode}Description`)}</DialogDescription>
        </DialogHeader>
        {open && (
          <ProviderForm
            isAdmin={isAdmin}
            provider={provider}
            onDone={() => {
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function ProviderForm({ isAdmin, provider, onDone }: { isAdmin: boolean; provider?: Provider; onDone: () => void }) {
  const { t } = useTranslation()
  const [name, setName] = useState(provider?.name ?? '')
  const [category, setCategory] = useState<ProviderCategory>(provider?.category ?? 'plumbing')
  const [description, setDescription] = useState(provider?.description ?? '')
  const [phone, setPhone] = useState(provider?.phone ?? '')
  const [email, setEmail] = useState(provider?.email ?? '')
  const [address, setAddress] = useState(provider?.address ?? '')
  const [emergency, setEmergency] = useState(provider?.emergency ?? false)
  const [verified, setVerified] = useState(provider?.verified ?? false)
  const [nameError, setNameError] = useState<string>()
  const create = useCreateProvider()
  const update = useUpdateProvider()
  const options = CATEGORIES.map((value) => ({ value, label: t(`providers.categories.${value}`) }))

  const failed = (err: unknown) => {
    toast.error(t('common.error'), { description: problemMessage(err, t) })
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError(t('providers.validation.name'))
      return
    }
    const body = { name, category, description, phone, email, address, emergency, ...(isAdmin ? { verified } : {}) }
    if (provider) {
      update.mutate(
        { id: provider.id, body },
        {
          onSuccess: () => {
            toast.success(t('providers.toasts.updated'))
            onDone()
          },
          onError: failed,
        },
      )
      return
    }
    create.mutate(
      {
        ...body,
        ...(phone.trim() ? {} : { phone: undefined }),
        ...(email.trim() ? {} : { email: undefined }),
        ...(address.trim() ? {} : { address: undefined }),
      },
      {
        onSuccess: () => {
          toast.success(isAdmin ? t('providers.toasts.added') : t('providers.toasts.suggested'))
          onDone()
        },
        onError: failed,
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="provider-name" label={t('providers.fields.name')} error={nameError}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={120}
            value={name}
            onChange={(e) => {
              setName(e.target.value)
            }}
          />
        )}
      </FormField>
      <SelectField
        id="provider-category"
        label={t('providers.fields.category')}
        options={options}
        value={category}
        onChange={(e) => {
          setCategory(e.target.value as ProviderCategory)
        }}
      />
      <FormField id="provider-description" label={t('providers.fields.description')} optionalText={t('common.optional')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={2000}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField id="provider-phone" label={t('providers.fields.phone')} hint={t('providers.form.contactHint')}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            maxLength={30}
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField id="provider-email" label={t('providers.fields.email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            maxLength={254}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField id="provider-address" label={t('providers.fields.address')} optionalText={t('common.optional')}>
        {(control) => (
          <Input
            {...control}
            maxLength={300}
            value={address}
            onChange={(e) => {
              setAddress(e.target.value)
            }}
          />
        )}
      </FormField>
      <label className="flex items-center gap-3 text-sm">
        <Checkbox
          checked={emergency}
          onChange={(e) => {
            setEmergency(e.target.checked)
          }}
        />
        {t('providers.fields.emergency')}
      </label>
      {isAdmin && (
        <label className="flex items-center gap-3 text-sm">
          <Checkbox
            checked={verified}
            onChange={(e) => {
              setVerified(e.target.checked)
            }}
          />
          {t('providers.fields.verified')}
        </label>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={create.isPending || update.isPending}>
          {provider ? t('providers.form.save') : isAdmin ? t('providers.form.add') : t('providers.form.send')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}
