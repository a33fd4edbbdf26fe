import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { FileUploadField, IMAGE_TYPES, PDF_TYPES } from '@/components/file-upload-field'
import { FormDialog, FormDialogFooter } from '@/components/form-dialog'
import { SelectField } from '@/components/select-field'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { toDateInputValue } from '@/lib/dates'
import { zodResolver } from '@/lib/form'
import { useTranslation } from '@/lib/i18n'
import { useCreateAnnouncement, type CreateAnnouncementInput } from '../api/create-announcement'
import type { Announcement } from '../api/list-announcements'
import { useAudiences } from '../api/list-audiences'
import { useUpdateAnnouncement } from '../api/update-announcement'
import { EDITABLE_STATUSES, PRIORITIES, TYPES } from '../lib/labels'

interface AnnouncementFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The announcement to edit; undefined to create one. */
  announcement?: Announcement
}

/** 'Nuevo comunicado' / 'Editar comunicado' (admins). */
export function AnnouncementFormDialog({ announcement, ...dialog }: AnnouncementFormDialogProps) {
  return (
    <FormDialog {...dialog} section="announcements" editing={announcement !== undefined}>
      {(close) => <AnnouncementForm announcement={announcement} onDone={close} />}
    </FormDialog>
  )
}

/** The audience select's value: 'all', 'owners' or 'building:<portal>'. */
type AudienceChoice = string

function audienceChoice(a: Announcement['audience'] | undefined): AudienceChoice {
  if (!a || a.kind === 'all') return 'all'
  if (a.kind === 'owners') return 'owners'
  return `building:${a.value ?? ''}`
}

function audienceInput(choice: AudienceChoice): NonNullable<CreateAnnouncementInput['audience']> {
  if (choice.startsWith('building:')) return { kind: 'building', value: choice.slice('building:'.length) }
  return { kind: choice === 'owners' ? 'owners' : 'all' }
}

/** A file of the files API, as an upload answers it: /files/{bucket}/{userId}/{name}. */
function isUpload(value: string): boolean {
  return /^\/files(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/.test(value)
}

/** An upload or an http(s) URL with a host, as the API accepts (never javascript:, data: or //host). */
function isDocumentUrl(value: string): boolean {
  if (/[\s\\]/.test(value)) return false
  return isUpload(value) || /^https?:\/\/[^/?#]+([/?#].*)?$/i.test(value)
}

/** The end of the chosen day in local time, as RFC 3339 ('' stays '' and clears it on edit). */
function endOfDay(date: string): string {
  if (date === '') return ''
  const end = new Date(`${date}T23:59:59`)
  return Number.isNaN(end.getTime()) ? '' : end.toISOString()
}

function useSchema() {
  const { t } = useTranslation()
  return useMemo(
    () =>
      z.object({
        title: z.string().trim().min(1, t('announcements.validation.title')),
        description: z.string().trim(),
        status: z.enum(EDITABLE_STATUSES),
        priority: z.enum(['normal', 'critico']),
        type: z.enum(['general', 'mantenimiento', 'normativa']),
        isPinned: z.boolean(),
        audience: z.string(),
        validUntil: z.string(),
        imageUrl: z.string(),
        documentUrl: z
          .string()
          .trim()
          .refine((v) => v === '' || isDocumentUrl(v), t('announcements.validation.documentUrl')),
      }),
    [t],
  )
}

function AnnouncementForm({ announcement, onDone }: { announcement?: Announcement; onDone: () => void }) {
  const { t } = useTranslation()
  const schema = useSchema()
  const initialValidUntil = announcement?.validUntil ? toDateInputValue(announcement.validUntil) : ''
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    // The spec's defaults: publicado, normal, general, not pinned, for everyone.
    defaultValues: {
      title: announcement?.title ?? '',
      description: announcement?.description ?? '',
      status: announcement && announcement.status !== 'eliminado' ? announcement.status : 'publicado',
      priority: announcement?.priority ?? 'normal',
      type: announcement?.type ?? 'general',
      isPinned: announcement?.isPinned ?? false,
      audience: audienceChoice(announcement?.audience),
      validUntil: initialValidUntil,
      imageUrl: announcement?.imageUrl ?? '',
      documentUrl: announcement?.documentUrl ?? '',
    },
  })
  const audiences = useAudiences(true)
  const create = useCreateAnnouncement()
  const update = useUpdateAnnouncement()
  // Uploads under way (the image and the PDF may go up together); the form waits for them.
  const [uploads, setUploads] = useState(0)
  const uploading = uploads > 0
  const countUpload = (started: boolean) => {
    setUploads((n) => n + (started ? 1 : -1))
  }
  const saving = create.isPending || update.isPending
  const errors = form.formState.errors
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' })
  const documentUrl = useWatch({ control: form.control, name: 'documentUrl' })
  // The PDF uploaded with the field below (or the announcement's own upload), as opposed to a typed link.
  const [uploadedDocument, setUploadedDocument] = useState(() => {
    const url = announcement?.documentUrl ?? ''
    return isUpload(url) ? url : ''
  })
  const documentUploaded = uploadedDocument !== '' && documentUrl === uploadedDocument

  useEffect(() => {
    form.setFocus('title')
  }, [form])

  // The portals, plus the one an edited announcement targets if it is no longer listed.
  const buildings = audiences.data?.buildings ?? []
  const current = announcement?.audience.kind === 'building' ? announcement.audience.value : null
  const portals = current && !buildings.some((b) => b.value === current) ? [...buildings, { value: current, residents: 0 }] : buildings
  const audienceOptions = [
    { value: 'all', label: t('announcements.audience.all') },
    { value: 'owners', label: t('announcements.audience.owners') },
    ...portals.map((b) => ({
      value: `building:${b.value}`,
      label: t('announcements.audience.buildingOption', { value: b.value, count: b.residents }),
    })),
  ]
  const priorities = PRIORITIES.map((p) => ({ value: p, label: t(`announcements.priority.${p}`) }))
  const types = TYPES.map((type) => ({ value: type, label: t(`announcements.type.${type}`) }))
  const statuses = EDITABLE_STATUSES.map((s) => ({ value: s, label: t(`announcements.status.${s}`) }))

  const saveFailed = () => {
    toast.error(t('common.error'), { description: t('announcements.toasts.saveError') })
  }

  const submit = form.handleSubmit((values) => {
    const audience = audienceInput(values.audience)
    if (announcement) {
      update.mutate(
        {
          id: announcement.id,
          body: {
            title: values.title,
            description: values.description,
            status: values.status,
            priority: values.priority,
            type: values.type,
            isPinned: values.isPinned,
            audience,
            // Only a changed date is sent, so an untouched one keeps its exact time.
            ...(values.validUntil !== initialValidUntil ? { validUntil: endOfDay(values.validUntil) } : {}),
            imageUrl: values.imageUrl,
            documentUrl: values.documentUrl,
          },
        },
        {
          onSuccess: () => {
            toast.success(t('announcements.toasts.updated'), { duration: 2000 })
            onDone()
          },
          onError: saveFailed,
        },
      )
    } else {
      const validUntil = endOfDay(values.validUntil)
      create.mutate(
        {
          title: values.title,
          description: values.description,
          status: 'publicado',
          priority: values.priority,
          type: values.type,
          isPinned: values.isPinned,
          audience,
          ...(validUntil ? { validUntil } : {}),
          ...(values.imageUrl ? { imageUrl: values.imageUrl } : {}),
          ...(values.documentUrl ? { documentUrl: values.documentUrl } : {}),
        },
        {
          onSuccess: () => {
            toast.success(t('announcements.toasts.created'), { duration: 2000 })
            onDone()
          },
          onError: saveFailed,
        },
      )
    }
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField id="announcement-title" label={t('announcements.fields.title')} error={errors.title?.message}>
        {(control) => <Input {...control} maxLength={200} {...form.register('title')} />}
      </FormField>
      <FormField id="announcement-description" label={t('announcements.fields.description')} optionalText={t('common.optional')}>
        {(control) => <Textarea {...control} maxLength={10000} rows={4} {...form.register('description')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <SelectField id="announcement-priority" label={t('announcements.fields.priority')} options={priorities} {...form.register('priority')} />
        <SelectField id="announcement-type" label={t('announcements.fields.type')} options={types} {...form.register('type')} />
      </div>
      {announcement && (
        <SelectField id="announcement-status" label={t('announcements.fields.status')} options={statuses} {...form.register('status')} />
      )}
      <SelectField
        id="announcement-audience"
        label={t('announcements.fields.audience')}
        options={audienceOptions}
        {...form.register('audience')}
      />
      <label className="flex cursor-pointer items-start gap-3">
        <Checkbox className="mt-0.5" aria-describedby="announcement-pinned-hint" {...form.register('isPinned')} />
        <span className="flex flex-col gap-0.5">
          <span className="text-sm font-medium">{t('announcements.fields.pinned')}</span>
          <span id="announcement-pinned-hint" className="text-xs text-muted-foreground">
            {t('announcements.form.pinnedHint')}
          </span>
        </span>
      </label>
      <FormField
        id="announcement-valid-until"
        label={t('announcements.fields.validUntil')}
        optionalText={t('common.optional')}
        hint={t('announcements.form.validUntilHint')}
      >
        {(control) => <Input {...control} type="date" {...form.register('validUntil')} />}
      </FormField>
      <FileUploadField
        bucket="incident-images"
        kind="image"
        accept={IMAGE_TYPES}
        maxMb={10}
        label={t('announcements.fields.image')}
        optionalText={t('common.optional')}
        value={imageUrl}
        onChange={(url) => {
          form.setValue('imageUrl', url, { shouldDirty: true })
        }}
        onUploadingChange={countUpload}
      />
      {/* The PDF: uploaded here, or a link typed below (an upload replaces the link and hides it). */}
      <FileUploadField
        bucket="community-documents"
        kind="pdf"
        accept={PDF_TYPES}
        maxMb={10}
        label={t('announcements.fields.document')}
        optionalText={t('common.optional')}
        value={documentUploaded ? documentUrl : ''}
        onChange={(url) => {
          setUploadedDocument(url)
          form.setValue('documentUrl', url, { shouldDirty: true, shouldValidate: true })
        }}
        onUploadingChange={countUpload}
      />
      {!documentUploaded && (
        <FormField
          id="announcement-document"
          label={t('announcements.form.documentUrl')}
          optionalText={t('common.optional')}
          hint={t('announcements.form.documentHint')}
          error={errors.documentUrl?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              maxLength={2048}
              placeholder={t('announcements.form.documentPlaceholder')}
              {...form.register('documentUrl')}
            />
          )}
        </FormField>
      )}
      <FormDialogFooter section="announcements" editing={announcement !== undefined} onCancel={onDone} pending={saving} disabled={uploading} />
    </form>
  )
}
