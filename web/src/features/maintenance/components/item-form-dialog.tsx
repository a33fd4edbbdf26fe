import { useState, type SyntheticEvent } from 'react'
import { SelectField } from '@/components/select-field'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { MaintenanceForm as limits } from '@/lib/api/limits'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { KINDS, useCreateMaintenance, useUpdateMaintenance, type MaintenanceItem, type MaintenanceKind } from '../api/maintenance'

interface ItemFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The community's today ("YYYY-MM-DD"): the last time done may not be after it. */
  today: string
  /** The item an admin edits; undefined to add one. */
  item?: MaintenanceItem
}

/** 'Añadir mantenimiento' and 'Editar mantenimiento', for admins. */
export function ItemFormDialog({ open, onOpenChange, today, item }: ItemFormDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{item ? t('maintenance.form.editTitle') : t('maintenance.form.addTitle')}</DialogTitle>
          <DialogDescription>{t('maintenance.form.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <ItemForm
            today={today}
            item={item}
            onDone={() => {
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

interface Errors {
  name?: string
  period?: string
  lastDone?: string
}

function ItemForm({ today, item, onDone }: { today: string; item?: MaintenanceItem; onDone: () => void }) {
  const { t } = useTranslation()
  const [name, setName] = useState(item?.name ?? '')
  const [kind, setKind] = useState<MaintenanceKind>(item?.kind ?? 'inspection')
  const [provider, setProvider] = useState(item?.provider ?? '')
  const [period, setPeriod] = useState(String(item?.periodMonths ?? 12))
  const [lastDone, setLastDone] = useState(item?.lastDone ?? today)
  const [notes, setNotes] = useState(item?.notes ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const create = useCreateMaintenance()
  const update = useUpdateMaintenance()
  const options = KINDS.map((value) => ({ value, label: t(`maintenance.kinds.${value}`) }))

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const months = Number(period)
    const found: Errors = {
      ...(name.trim() ? {} : { name: t('maintenance.validation.name') }),
      ...(Number.isInteger(months) && months >= 1 && months <= 240 ? {} : { period: t('maintenance.validation.period') }),
      // "YYYY-MM-DD" compares as text.
      ...(lastDone && lastDone <= today ? {} : { lastDone: t('maintenance.validation.lastDone') }),
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body = {
      name,
      kind,
      periodMonths: months,
      lastDone,
      ...(provider.trim() ? { provider } : {}),
      ...(notes.trim() ? { notes } : {}),
    }
    const handlers = {
      onSuccess: () => {
        toast.success(item ? t('maintenance.toasts.updated') : t('maintenance.toasts.added'))
        onDone()
      },
      onError: (err: unknown) => {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      },
    }
    if (item) update.mutate({ id: item.id, body }, handlers)
    else create.mutate(body, handlers)
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="maintenance-name" label={t('maintenance.form.name')} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={limits.name}
            placeholder={t('maintenance.form.namePlaceholder')}
            value={name}
            onChange={(e) => {
              setName(e.target.value)
            }}
          />
        )}
      </FormField>
      <SelectField
        id="maintenance-kind"
        label={t('maintenance.form.kind')}
        options={options}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as MaintenanceKind)
        }}
      />
      <FormField id="maintenance-provider" label={t('maintenance.form.provider')} optionalText={t('common.optional')}>
        {(control) => (
          <Input
            {...control}
            maxLength={limits.provider}
            value={provider}
            onChange={(e) => {
              setProvider(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField
        id="maintenance-period"
        label={t('maintenance.form.period')}
        hint={t('maintenance.form.periodHint')}
        error={errors.period}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={240}
            value={period}
            onChange={(e) => {
              setPeriod(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField id="maintenance-last-done" label={t('maintenance.form.lastDone')} error={errors.lastDone}>
        {(control) => (
          <Input
            {...control}
            type="date"
            max={today}
            value={lastDone}
            onChange={(e) => {
              setLastDone(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField id="maintenance-notes" label={t('maintenance.form.notes')} optionalText={t('common.optional')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={limits.notes}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value)
            }}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={create.isPending || update.isPending}>
          {item ? t('maintenance.form.save') : t('maintenance.form.create')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}
