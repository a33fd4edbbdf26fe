import { useState, type SyntheticEvent } from 'react'
import { FormDialog, FormDialogFooter } from '@/components/form-dialog'
import { SelectField } from '@/components/select-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { toDateInputValue } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { uploadDocument, useInvalidateDocuments } from '../api/mutations'
import type { DocumentCategory, Visibility } from '../api/queries'
import { ACCEPTED_TYPES, titleOf } from '../lib/format'
import { useUpload } from '../lib/use-upload'
import { UploadStatus } from './upload-status'

export const VISIBILITIES: readonly Visibility[] = ['all', 'owners', 'admins']

interface UploadDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The categories the member may upload to. */
  categories: readonly DocumentCategory[]
  /** The size limit of a file, in MB (the server checks it while reading). */
  maxMb: number
}

/** 'Subir documento': the file, its title, category, date, description and who may see it. */
export function UploadDialog({ categories, maxMb, ...dialog }: UploadDialogProps) {
  return (
    <FormDialog {...dialog} section="documents" editing={false}>
      {(close) => <UploadForm categories={categories} maxMb={maxMb} onDone={close} />}
    </FormDialog>
  )
}

type Errors = Partial<Record<'file' | 'title' | 'categoryId', string>>

function UploadForm({ categories, maxMb, onDone }: { categories: readonly DocumentCategory[]; maxMb: number; onDone: () => void }) {
  const { t } = useTranslation()
  const invalidate = useInvalidateDocuments()
  const upload = useUpload(t('documents.toasts.uploadError'))
  const [file, setFile] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? '')
  const [date, setDate] = useState(toDateInputValue(new Date()))
  const [description, setDescription] = useState('')
  const [visibility, setVisibility] = useState<Visibility>('all')
  const [errors, setErrors] = useState<Errors>({})
  const uploading = upload.state.status === 'uploading'

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    const found: Errors = {}
    if (!file) found.file = t('documents.validation.file')
    if (title.trim() === '') found.title = t('documents.validation.title')
    if (categoryId === '') found.categoryId = t('documents.validation.category')
    setErrors(found)
    if (!file || Object.keys(found).length > 0) return
    const created = await upload.run(file.name, (onProgress, signal) =>
      uploadDocument({ categoryId, title: title.trim(), description: description.trim(), date, visibility }, file, onProgress, signal),
    )
    if (!created) return
    await invalidate()
    toast.success(t('documents.toasts.uploaded'), { description: created.title })
    onDone()
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label={t('documents.form.newTitle')}>
      <FormField id="document-file" label={t('documents.fields.file')} error={errors.file} hint={t('documents.upload.hint', { mb: maxMb })}>
        {(control) => (
          <Input
            {...control}
            type="file"
            accept={ACCEPTED_TYPES}
            disabled={uploading}
            onChange={(e) => {
              const picked = e.target.files?.[0] ?? null
              setFile(picked)
              upload.reset()
              if (picked && title.trim() === '') setTitle(titleOf(picked.name))
            }}
          />
        )}
      </FormField>
      <FormField id="document-title" label={t('documents.fields.title')} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={200}
            disabled={uploading}
            onChange={(e) => {
              setTitle(e.target.value)
            }}
          />
        )}
      </FormField>
      <SelectField
        id="document-category"
        label={t('documents.fields.category')}
        error={errors.categoryId}
        options={categories.map((c) => ({ value: c.id, label: c.name }))}
        value={categoryId}
        disabled={uploading}
        onChange={(e) => {
          setCategoryId(e.target.value)
        }}
      />
      <FormField id="document-date" label={t('documents.fields.date')} hint={t('documents.form.dateHint')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={date}
            required
            disabled={uploading}
            onChange={(e) => {
              setDate(e.target.value)
            }}
          />
        )}
      </FormField>
      <FormField id="document-description" label={t('documents.fields.description')} optionalText={t('documents.form.optional')}>
        {(control) => (
          <Textarea
            {...control}
            value={description}
            maxLength={5000}
            rows={3}
            disabled={uploading}
            onChange={(e) => {
              setDescription(e.target.value)
            }}
          />
        )}
      </FormField>
      <SelectField
        id="document-visibility"
        label={t('documents.fields.visibility')}
        options={VISIBILITIES.map((v) => ({ value: v, label: t(`documents.visibility.${v}`) }))}
        value={visibility}
        disabled={uploading}
        onChange={(e) => {
          const chosen = VISIBILITIES.find((v) => v === e.target.value)
          if (chosen) setVisibility(chosen)
        }}
      />
      <UploadStatus state={upload.state} onCancel={upload.cancel} />
      <FormDialogFooter section="documents" editing={false} onCancel={onDone} pending={uploading} />
    </form>
  )
}
