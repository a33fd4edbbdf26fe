import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation } from 'react-router'
import { z } from 'zod'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { EditableCard } from '../components/editable-card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { useSession } from '@/lib/session'
import { SaveUnitInputBody as limits } from '@/lib/api/limits'
import { useMyUnit, type MyUnit } from '@/lib/my-unit'
import { useSaveUnit } from '../api/unit'
import { Detail, ScreenLoading, SettingsScreen } from '@/components/settings-screen'
import { openedForEdit } from '../lib/edit-state'
import { OtherUnits } from './other-units'

function unitSchema(t: TFunction) {
  return z.object({
    unitNumber: z.string().trim().min(1, t('memberships.unit.numberRequired')).max(limits.unitNumber, t('memberships.unit.tooLong')),
    floor: z.string().trim().max(limits.floor, t('memberships.unit.tooLong')),
    building: z.string().trim().max(limits.building, t('memberships.unit.tooLong')),
  })
}

type UnitValues = z.input<ReturnType<typeof unitSchema>>

function valuesOf(unit: MyUnit | null): UnitValues {
  return { unitNumber: unit?.unitNumber ?? '', floor: unit?.floor ?? '', building: unit?.building ?? '' }
}

/**
 * /settings/unit-info: the user's own dwelling. Only its confirmed owner or an admin may edit it (others
 * see it read-only); a user without one creates it.
 */
export function UnitInfoPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const unit = useMyUnit(Boolean(user?.communityId))
  return (
    <SettingsScreen title={t('memberships.unit.title')} backTo="/settings/my-community">
      {!user?.communityId ? (
        <p className="text-muted-foreground">{t('settings.noCommunity')}</p>
      ) : unit.isPending ? (
        <ScreenLoading />
      ) : unit.isError ? (
        <p className="text-destructive">{problemMessage(unit.error, t)}</p>
      ) : (
        <>
          <UnitForm unit={unit.data} />
          <OtherUnits communityId={user.communityId} />
        </>
      )}
    </SettingsScreen>
  )
}

function UnitForm({ unit }: { unit: MyUnit | null }) {
  const { t } = useTranslation()
  const location = useLocation()
  const editable = !unit || unit.canEdit
  const [editing, setEditing] = useState(() => editable && openedForEdit(location.state))
  const schema = useMemo(() => unitSchema(t), [t])
  const form = useForm<UnitValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: valuesOf(unit),
  })
  const { errors } = form.formState
  const save = useSaveUnit()

  const onSubmit = form.handleSubmit(
    (values) => {
      save.mutate(values, {
        onSuccess: () => {
          toast.success(t('settings.saved'), { description: t('memberships.unit.saved') })
          setEditing(false)
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      })
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )

  return (
    <EditableCard
      editing={editing && editable}
      onEdit={
        editable
          ? () => {
              setEditing(true)
            }
          : undefined
      }
      details={
        unit ? (
          <div className="flex flex-col gap-4">
            <dl className="flex flex-col gap-4">
              <Detail label={t('memberships.unit.number')}>{unit.unitNumber}</Detail>
              <Detail label={t('memberships.unit.floor')}>{unit.floor ?? t('settings.notSet')}</Detail>
              <Detail label={t('memberships.unit.building')}>{unit.building ?? t('settings.notSet')}</Detail>
              <Detail label={t('memberships.myCommunity.occupant')}>{unit.ownerName ?? t('settings.notSet')}</Detail>
            </dl>
            {unit.ownerClaimPending && <p className="text-sm text-muted-foreground">{t('memberships.unit.claimPending')}</p>}
            {!unit.canEdit && <p className="text-sm text-muted-foreground">{t('memberships.unit.readOnly')}</p>}
          </div>
        ) : (
          <p className="text-muted-foreground">{t('memberships.unit.none')}</p>
        )
      }
      onSubmit={onSubmit}
      onCancel={() => {
        form.reset(valuesOf(unit))
        setEditing(false)
      }}
      pending={save.isPending}
    >
      <FormField id="unit-number" label={t('memberships.unit.numberLabel')} error={errors.unitNumber?.message}>
        {(control) => <Input {...control} {...form.register('unitNumber')} maxLength={limits.unitNumber} />}
      </FormField>
      <FormField id="unit-floor" label={t('memberships.unit.floor')} optionalText={t('common.optional')} error={errors.floor?.message}>
        {(control) => <Input {...control} {...form.register('floor')} maxLength={limits.floor} />}
      </FormField>
      <FormField id="unit-building" label={t('memberships.unit.building')} optionalText={t('common.optional')} error={errors.building?.message}>
        {(control) => <Input {...control} {...form.register('building')} maxLength={limits.building} />}
      </FormField>
    </EditableCard>
  )
}
