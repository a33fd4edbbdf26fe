import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { FileUploadField, IMAGE_TYPES } from '@/components/file-upload-field'
import { FormDialog, FormDialogFooter } from '@/components/form-dialog'
import { SelectField } from '@/components/select-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { zodResolver } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import type { Member } from '@/lib/members'
import { useCreateIncident } from '../api/create-incident'
import type { Incident } from '../api/list-incidents'
import { useUpdateIncident } from '../api/update-incident'
import { useIncidentOptions } from '../lib/options'

interface IncidentFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The incident to edit; undefined to create one. */
  incident?: Incident
  members: Member[]
}

/** 'Nueva Incidencia' / 'Editar Incidencia'. */
export function IncidentFormDialog({ incident, members, ...dialog }: IncidentFormDialogProps) {
  return (
    <FormDialog {...dialog} section="incidents" editing={incident !== undefined}>
      {(close) => <IncidentForm incident={incident} members={members} onDone={close} />}
    </FormDialog>
  )
}

function useSchema() {
  const { t } = useTranslation()
  return useMemo(
    () =>
      z.object({
        title: z.string().trim().min(1, t('incidents.validation.title')),
        description: z.string().trim().min(1, t('incidents.validation.description')),
        priority: z.enum(['low', 'medium', 'high']),
        status: z.enum(['open', 'in_progress', 'resolved']),
        location: z.string().trim(),
        assignedTo: z.string().min(1, t('incidents.validation.assignedTo')),
        imageUrl: z.string(),
      }),
    [t],
  )
}

function IncidentForm({ incident, members, onDone }: { incident?: Incident; members: Member[]; onDone: () => void }) {
  const { t } = useTranslation()
  const schema = useSchema()
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: incident?.title ?? '',
      description: incident?.description ?? '',
      priority: incident?.priority ?? 'medium',
      status: incident?.status ?? 'open',
      location: incident?.location ?? '',
      assignedTo: incident?.assignedTo ?? '',
      imageUrl: incident?.imageUrl ?? '',
    },
  })
  const create = useCreateIncident()
  const update = useUpdateIncident()
  const [uploading, setUploading] = useState(false)
  const saving = create.isPending || update.isPending
  const errors = form.formState.errors
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' })
  const { statuses, priorities, people } = useIncidentOptions(members)

  useEffect(() => {
    form.setFocus('title')
  }, [form])

  const saveFailed = (err: unknown) => {
    const detail = err instanceof Error && err.message ? err.message : t('incidents.toasts.saveError')
    toast.error(t('common.error'), { description: detail })
  }

  const submit = form.handleSubmit((values) => {
    if (incident) {
      update.mutate(
        { id: incident.id, body: values },
        {
          onSuccess: () => {
            toast.success(t('incidents.toasts.updated'), { description: t('incidents.toasts.updatedDescription'), duration: 2000 })
            onDone()
          },
          onError: saveFailed,
        },
      )
    } else {
      const { location, imageUrl: image, ...rest } = values
      create.mutate(
        { ...rest, ...(location ? { location } : {}), ...(image ? { imageUrl: image } : {}) },
        {
          onSuccess: () => {
            toast.success(t('incidents.toasts.created'), { description: t('incidents.toasts.createdDescription'), duration: 2000 })
            onDone()
          },
          onError: saveFailed,
        },
      )
    }
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField id="incident-title" label={t('incidents.fields.title')} error={errors.title?.message}>
        {(control) => <Input {...control} maxLength={200} {...form.register('title')} />}
      </FormField>
      <FormField id="incident-description" label={t('incidents.fields.description')} error={errors.description?.message}>
        {(control) => <Textarea {...control} maxLength={5000} rows={4} {...form.register('description')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <SelectField id="incident-priority" label={t('incidents.fields.priority')} options={priorities} {...form.register('priority')} />
        <SelectField id="incident-status" label={t('incidents.fields.status')} options={statuses} {...form.register('status')} />
      </div>
      <FormField
        id="incident-location"
        label={t('incidents.fields.location')}
        optionalText={t('common.optional')}
      >
        {(control) => (
          <Input {...control} maxLength={200} placeholder={t('incidents.form.locationPlaceholder')} {...form.register('location')} />
        )}
      </FormField>
      <SelectField
        id="incident-assigned"
        label={t('incidents.fields.assignedTo')}
        error={errors.assignedTo?.message}
        emptyOption={t('incidents.form.chooseMember')}
        options={people}
        {...form.register('assignedTo')}
      />
      <FileUploadField
        bucket="incident-images"
        kind="image"
        accept={IMAGE_TYPES}
        maxMb={10}
        label={t('incidents.fields.image')}
        optionalText={t('common.optional')}
        value={imageUrl}
        onChange={(url) => {
          form.setValue('imageUrl', url, { shouldDirty: true })
        }}
        onUploadingChange={setUploading}
      />
      <FormDialogFooter section="incidents" editing={incident !== undefined} onCancel={onDone} pending={saving} disabled={uploading} />
    </form>
  )
}
