import { TextField } from '@/components/text-field'
import { useState, type SyntheticEvent } from 'react'
import { FileUploadField, IMAGE_TYPES } from '@/components/file-upload-field'
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
import { useCloseDay, useOpenDay, useSaveFacility, type Facility, type FacilityInput } from '../api/reservations'
import { formatLocalDate } from '@/lib/local-date'
import { sameEveryDay, weekBody, weekFrom, type WeekHours } from '../lib/hours'
import { WeeklyHoursField } from './weekly-hours-field'

interface FacilityFormDialogProps {
  open: boolean
  /** The facility to edit; undefined to add one. */
  facility?: Facility
  onClose: () => void
}

/** 'Nueva instalación' / 'Editar instalación' (admins): the facility, its rules and its closed days. */
export function FacilityFormDialog({ open, facility, onClose }: FacilityFormDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
    >
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{facility ? t('reservations.facilityForm.editTitle') : t('reservations.facilityForm.newTitle')}</DialogTitle>
          <DialogDescription>{t('reservations.facilityForm.description')}</DialogDescription>
        </DialogHeader>
        {open && <FacilityForm facility={facility} onDone={onClose} />}
        {open && facility && <ClosedDays facility={facility} />}
      </DialogContent>
    </Dialog>
  )
}

/** The form's values as the inputs hold them (text), turned into the API's body on submit. */
function initial(f: Facility | undefined) {
  const week: WeekHours = weekFrom(f?.hours)
  return {
    name: f?.name ?? '',
    description: f?.description ?? '',
    photoUrl: f?.photoUrl ?? '',
    capacity: String(f?.capacity ?? 1),
    week,
    sameHours: sameEveryDay(week),
    slotMinutes: String(f?.slotMinutes ?? 60),
    minMinutes: String(f?.minMinutes ?? 60),
    maxMinutes: String(f?.maxMinutes ?? 240),
    maxPerMonth: String(f?.maxPerMonth ?? 2),
    cancelHours: String(f?.cancelHours ?? 24),
    horizonDays: String(f?.horizonDays ?? 90),
    deposit: String((f?.depositCents ?? 0) / 100),
    needsApproval: f?.needsApproval ?? false,
    rules: f?.rules ?? '',
    archived: f?.archived ?? false,
  }
}

type Values = ReturnType<typeof initial>
/** The fields an <Input> edits as text. */
type TextField = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values]

function FacilityForm({ facility, onDone }: { facility?: Facility; onDone: () => void }) {
  const { t } = useTranslation()
  const [v, setV] = useState<Values>(() => initial(facility))
  const [uploading, setUploading] = useState(false)
  const save = useSaveFacility()
  const set = (patch: Partial<Values>) => {
    setV((prev) => ({ ...prev, ...patch }))
  }
  const text = (name: TextField, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <FormField id={`facility-${name}`} label={label}>
      {(control) => (
        <Input
          {...control}
          {...props}
          value={v[name]}
          onChange={(e) => {
            set({ [name]: e.target.value })
          }}
        />
      )}
    </FormField>
  )
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const body: FacilityInput = {
      name: v.name.trim(),
      description: v.description.trim(),
      photoUrl: v.photoUrl,
      capacity: Number(v.capacity),
      hours: weekBody(v.week),
      slotMinutes: Number(v.slotMinutes),
      minMinutes: Number(v.minMinutes),
      maxMinutes: Number(v.maxMinutes),
      maxPerMonth: Number(v.maxPerMonth),
      cancelHours: Number(v.cancelHours),
      horizonDays: Number(v.horizonDays),
      depositCents: Math.round(Number(v.deposit.replace(',', '.')) * 100),
      needsApproval: v.needsApproval,
      rules: v.rules.trim(),
      ...(facility ? { archived: v.archived } : {}),
    }
    save.mutate(
      { id: facility?.id, body },
      {
        onSuccess: () => {
          toast.success(facility ? t('reservations.toasts.facilityUpdated') : t('reservations.toasts.facilityCreated'), { duration: 2000 })
          onDone()
        },
        onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
      },
    )
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {text('name', t('reservations.facilityForm.name'), { maxLength: 100, required: true })}
      <FormField id="facility-description" label={t('reservations.facilityForm.descriptionField')} optionalText={t('common.optional')}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={2000}
            value={v.description}
            onChange={(e) => {
              set({ description: e.target.value })
            }}
          />
        )}
      </FormField>
      <FileUploadField
        bucket="incident-images"
        kind="image"
        accept={IMAGE_TYPES}
        maxMb={10}
        label={t('reservations.facilityForm.photo')}
        optionalText={t('common.optional')}
        value={v.photoUrl}
        onChange={(url) => {
          set({ photoUrl: url })
        }}
        onUploadingChange={setUploading}
      />
      <div className="grid grid-cols-2 gap-3">
        {text('capacity', t('reservations.facilityForm.capacity'), { type: 'number', min: 1, max: 1000, inputMode: 'numeric' })}
        {text('deposit', t('reservations.facilityForm.deposit'), { inputMode: 'decimal' })}
        {text('slotMinutes', t('reservations.facilityForm.slotMinutes'), { type: 'number', min: 0, step: 15, inputMode: 'numeric' })}
        {text('maxPerMonth', t('reservations.facilityForm.maxPerMonth'), { type: 'number', min: 1, max: 100, inputMode: 'numeric' })}
        {v.slotMinutes === '0' && text('minMinutes', t('reservations.facilityForm.minMinutes'), { type: 'number', min: 15, step: 15 })}
        {v.slotMinutes === '0' && text('maxMinutes', t('reservations.facilityForm.maxMinutes'), { type: 'number', min: 15, step: 15 })}
        {text('cancelHours', t('reservations.facilityForm.cancelHours'), { type: 'number', min: 0, max: 720, inputMode: 'numeric' })}
        {text('horizonDays', t('reservations.facilityForm.horizonDays'), { type: 'number', min: 1, max: 730, inputMode: 'numeric' })}
      </div>
      <p className="text-xs text-muted-foreground">{t('reservations.facilityForm.slotHint')}</p>
      <WeeklyHoursField
        value={v.week}
        onChange={(week) => {
          set({ week })
        }}
        same={v.sameHours}
        onSameChange={(sameHours) => {
          set({ sameHours })
        }}
      />
      <label className="flex items-center gap-3 text-sm">
        <Checkbox
          checked={v.needsApproval}
          onChange={(e) => {
            set({ needsApproval: e.target.checked })
          }}
        />
        {t('reservations.facilityForm.needsApproval')}
      </label>
      <TextField
        id="facility-rules"
        label={t('reservations.facilityForm.rules')}
        optional
        rows={3}
        maxLength={5000}
        value={v.rules}
        onChange={(rules) => {
          set({ rules })
        }}
      />
      {facility && (
        <label className="flex items-center gap-3 text-sm">
          <Checkbox
            checked={v.archived}
            onChange={(e) => {
              set({ archived: e.target.checked })
            }}
          />
          {t('reservations.facilityForm.archived')}
        </label>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('reservations.cancel')}
        </Button>
        <SubmitButton pending={save.isPending} disabled={uploading}>
          {facility ? t('reservations.facilityForm.update') : t('reservations.facilityForm.create')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}

/** The facility's closed days (maintenance, holidays): add one with its reason, or open it again. */
function ClosedDays({ facility }: { facility: Facility }) {
  const { t, i18n } = useTranslation()
  const [date, setDate] = useState('')
  const [reason, setReason] = useState('')
  const close = useCloseDay()
  const reopen = useOpenDay()
  const failed = (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
  return (
    <section aria-labelledby="closed-days" className="flex flex-col gap-3 border-t pt-4">
      <h3 id="closed-days" className="font-semibold">
        {t('reservations.closures.title')}
      </h3>
      <ul className="flex flex-col gap-2">
        {(facility.closures ?? []).map((c) => (
          <li key={c.date} className="flex items-center justify-between gap-2 text-sm">
            <span>
              <span className="capitalize">{formatLocalDate(c.date, i18n.language, true)}</span> · {c.reason}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                reopen.mutate({ id: facility.id, date: c.date }, { onError: failed })
              }}
            >
              {t('reservations.closures.reopen')}
            </Button>
          </li>
        ))}
      </ul>
      <form
        noValidate
        className="grid grid-cols-2 gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          close.mutate(
            { id: facility.id, date, reason },
            {
              onSuccess: () => {
                setDate('')
                setReason('')
              },
              onError: failed,
            },
          )
        }}
      >
        <FormField id="closure-date" label={t('reservations.closures.date')}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={date}
              onChange={(e) => {
                setDate(e.target.value)
              }}
            />
          )}
        </FormField>
        <FormField id="closure-reason" label={t('reservations.closures.reason')}>
          {(control) => (
            <Input
              {...control}
              maxLength={500}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value)
              }}
            />
          )}
        </FormField>
        <SubmitButton variant="outline" className="col-span-2" pending={close.isPending} disabled={!date || !reason.trim()}>
          {t('reservations.closures.add')}
        </SubmitButton>
      </form>
    </section>
  )
}
