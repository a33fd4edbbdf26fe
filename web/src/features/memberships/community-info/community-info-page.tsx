import { KeyRound } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation } from 'react-router'
import { z } from 'zod'
import { useTranslation, type TFunction } from '@/lib/i18n'
import { EditableCard } from '../components/editable-card'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Switch } from '@/components/ui/switch'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useCommunity, type Community } from '@/lib/community'
import { UpdateCommunityInputBody as limits } from '@/lib/api/limits'
import { firstErrorMessage, zodResolver } from '@/lib/form'
import { useSession } from '@/lib/session'
import { useCommunityTimeZone, useRotateCommunityCode, useSetCommunityTimeZone, useUpdateCommunity } from '../api/community'
import { Detail, ScreenLoading, SettingsScreen } from '@/components/settings-screen'
import { openedForEdit } from '../lib/edit-state'
import { otherTimeZones, SPANISH_TIME_ZONES } from './time-zones'

function communitySchema(t: TFunction) {
  const required = (message: string, max: number) => z.string().trim().min(1, message).max(max, message)
  return z.object({
    name: required(t('memberships.community.nameRequired'), limits.name),
    address: required(t('memberships.community.addressRequired'), limits.address).transform((v) => v.replace(/\s+/g, ' ')),
    city: required(t('memberships.community.cityRequired'), limits.city),
    postalCode: required(t('memberships.community.postalCodeRequired'), limits.postalCode),
    catastralReference: z.string().trim().max(limits.catastralReference, t('memberships.community.referenceInvalid')),
  })
}

type CommunityValues = z.input<ReturnType<typeof communitySchema>>

function valuesOf(c: Community): CommunityValues {
  return { name: c.name, address: c.address, city: c.city, postalCode: c.postalCode, catastralReference: c.catastralReference ?? '' }
}

/** /settings/community-info: the community's data; admins may edit it. */
export function CommunityInfoPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const community = useCommunity(Boolean(user?.communityId))
  return (
    <SettingsScreen title={t('memberships.community.title')} backTo="/settings/my-community">
      {!user?.communityId ? (
        <p className="text-muted-foreground">{t('settings.noCommunity')}</p>
      ) : community.isPending ? (
        <ScreenLoading />
      ) : community.isError ? (
        <p className="text-destructive">{t('memberships.errors.communityFetch')}</p>
      ) : (
        <>
          <CommunityForm community={community.data} isAdmin={user.role === 'admin'} />
          {user.role === 'admin' && <CommunityAccess community={community.data} />}
        </>
      )}
    </SettingsScreen>
  )
}

function CommunityForm({ community, isAdmin }: { community: Community; isAdmin: boolean }) {
  const { t } = useTranslation()
  const location = useLocation()
  const [editing, setEditing] = useState(() => isAdmin && openedForEdit(location.state))
  const schema = useMemo(() => communitySchema(t), [t])
  const form = useForm<CommunityValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: valuesOf(community),
  })
  const { errors } = form.formState
  const update = useUpdateCommunity()
  const timeZone = useCommunityTimeZone(true)
  const setTimeZone = useSetCommunityTimeZone()
  // The zone chosen in the form; undefined until the admin picks one.
  const [zone, setZone] = useState<string>()
  const shownZone = zone ?? timeZone.data

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await update.mutateAsync(values)
        if (zone !== undefined && zone !== timeZone.data) await setTimeZone.mutateAsync(zone)
        toast.success(t('settings.saved'), { description: t('memberships.community.saved') })
        setZone(undefined)
        setEditing(false)
      } catch (err) {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      }
    },
    (invalid) => {
      toast.error(t('common.validationError'), { description: firstErrorMessage(invalid) })
    },
  )

  const startEditing = () => {
    setEditing(true)
  }

  const fields = [
    ['name', 'memberships.community.name'],
    ['address', 'memberships.community.address'],
    ['city', 'memberships.community.city'],
    ['postalCode', 'memberships.community.postalCode'],
    ['catastralReference', 'memberships.community.reference'],
  ] as const

  return (
    <EditableCard
      editing={editing}
      onEdit={isAdmin ? startEditing : undefined}
      details={
        <dl className="flex flex-col gap-4">
          <Detail label={t('memberships.community.name')}>{community.name}</Detail>
          <Detail label={t('memberships.community.address')}>{community.address}</Detail>
          <Detail label={t('memberships.community.city')}>{community.city}</Detail>
          <Detail label={t('memberships.community.postalCode')}>{community.postalCode}</Detail>
          <Detail label={t('memberships.community.country')}>{community.country}</Detail>
          <Detail label={t('memberships.community.reference')}>
            {community.catastralReference ?? t('memberships.community.notSpecified')}
          </Detail>
          <Detail label={t('memberships.community.timeZone')}>
            {timeZone.isError ? t('memberships.community.timeZoneUnavailable') : timeZone.data ? zoneLabel(timeZone.data, t) : '…'}
          </Detail>
        </dl>
      }
      onSubmit={onSubmit}
      onCancel={() => {
        form.reset(valuesOf(community))
        setZone(undefined)
        setEditing(false)
      }}
      pending={update.isPending || setTimeZone.isPending}
    >
      {fields.map(([name, label]) => (
        <FormField key={name} id={`community-${name}`} label={t(label)} error={errors[name]?.message}>
          {(control) => <Input {...control} {...form.register(name)} maxLength={limits[name]} />}
        </FormField>
      ))}
      <FormField id="community-timeZone" label={t('memberships.community.timeZone')} hint={t('memberships.community.timeZoneHint')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={shownZone ?? ''}
            disabled={shownZone === undefined}
            onChange={(e) => {
              setZone(e.target.value)
            }}
          >
            <optgroup label={t('memberships.community.timeZoneSpain')}>
              {SPANISH_TIME_ZONES.map((z) => (
                <option key={z} value={z}>
                  {zoneLabel(z, t)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('memberships.community.timeZoneOthers')}>
              {otherTimeZones(shownZone).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        )}
      </FormField>
    </EditableCard>
  )
}

/**
 * Admins: the community code, which they may replace (after confirming: the letters and links with the
 * old one stop working), and whether joining with it needs their approval (issue 33).
 */
function CommunityAccess({ community }: { community: Community }) {
  const { t } = useTranslation()
  const rotate = useRotateCommunityCode()
  const update = useUpdateCommunity()
  const [confirming, setConfirming] = useState(false)

  const onRotate = () => {
    rotate.mutate(undefined, {
      onSuccess: (c) => {
        setConfirming(false)
        toast.success(t('settings.saved'), { description: t('memberships.community.access.rotated', { code: c.publicId }) })
      },
      onError: (err) => {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      },
    })
  }

  const onApproval = (on: boolean) => {
    update.mutate(
      { joinApproval: on },
      {
        onSuccess: () => {
          toast.success(t('settings.saved'), {
            description: t(on ? 'memberships.community.access.approvalOn' : 'memberships.community.access.approvalOff'),
          })
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <KeyRound className="size-5" aria-hidden />
        </span>
        <CardTitle className="min-w-0 flex-1">{t('memberships.community.access.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl>
          <Detail label={t('memberships.community.access.code')}>
            <span data-testid="community-code" className="font-mono text-lg tracking-widest">
              {community.publicId}
            </span>
          </Detail>
        </dl>
        <p className="text-sm text-muted-foreground">{t('memberships.community.access.codeHint')}</p>
        <Button
          variant="outline"
          className="h-11 self-start"
          onClick={() => {
            setConfirming(true)
          }}
        >
          {t('memberships.community.access.rotate')}
        </Button>
        <div className="flex items-start justify-between gap-4 border-t pt-4">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="community-join-approval" className="font-medium">
              {t('memberships.community.access.approval')}
            </label>
            <p id="community-join-approval-hint" className="text-sm text-muted-foreground">
              {t('memberships.community.access.approvalHint')}
            </p>
          </div>
          <Switch
            id="community-join-approval"
            aria-describedby="community-join-approval-hint"
            checked={community.joinApproval}
            disabled={update.isPending}
            onCheckedChange={onApproval}
          />
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('memberships.community.access.rotateTitle')}
        description={t('memberships.community.access.rotateDescription')}
        cancelLabel={t('memberships.community.access.cancel')}
        confirmLabel={t('memberships.community.access.rotateConfirm')}
        pending={rotate.isPending}
        onConfirm={onRotate}
      />
    </Card>
  )
}

/** A zone as residents know it: the Spanish ones by region, with the IANA name; others by that name. */
function zoneLabel(zone: string, t: TFunction): string {
  const regions: Record<string, string> = {
    'Europe/Madrid': t('memberships.community.timeZoneRegions.peninsula'),
    'Atlantic/Canary': t('memberships.community.timeZoneRegions.canary'),
    'Africa/Ceuta': t('memberships.community.timeZoneRegions.ceuta'),
  }
  const region = regions[zone]
  return region ? `${region} (${zone})` : zone
}
