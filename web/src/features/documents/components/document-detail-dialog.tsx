import { ShieldCheck, Trash2, Upload } from 'lucide-react'
import { useId } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { uploadVersion, useInvalidateDocuments } from '../api/mutations'
import { useDocument, type Document, type DocumentVersion } from '../api/queries'
import { ACCEPTED_TYPES, formatSize, localDay } from '../lib/format'
import { useUpload } from '../lib/use-upload'
import { FileLinks } from './file-links'
import { UploadStatus } from './upload-status'

interface DocumentDetailDialogProps {
  /** The document as the list has it (shown at once); the detail call adds its versions. */
  document: Document | undefined
  onOpenChange: (open: boolean) => void
  onDelete: (document: Document) => void
  onPreviewImage: (version: DocumentVersion) => void
}

/** A document in full: its fields, the retention rule, who opened it (admins) and every version. */
export function DocumentDetailDialog({ document, onOpenChange, onDelete, onPreviewImage }: DocumentDetailDialogProps) {
  const { t, i18n } = useTranslation()
  const dates = useDateFormat()
  const detail = useDocument(document?.id)
  const shown = detail.data ?? document
  const fileInput = useId()
  const invalidate = useInvalidateDocuments()
  const upload = useUpload(t('documents.toasts.uploadError'))

  const addVersion = async (file: File) => {
    if (!shown) return
    const saved = await upload.run(file.name, (onProgress, signal) => uploadVersion(shown.id, file, onProgress, signal))
    if (!saved) return
    await invalidate()
    toast.success(t('documents.toasts.versionUploaded'), { description: saved.title })
  }

  return (
    <Dialog open={document !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {shown && (
          <>
            <DialogHeader>
              <div className="flex flex-wrap gap-1.5">
                <Badge variant="secondary">{shown.categoryName}</Badge>
                <Badge variant="blue">{t(`documents.visibility.${shown.visibility}`)}</Badge>
              </div>
              <DialogTitle className="break-words">{shown.title}</DialogTitle>
              <DialogDescription>{t('documents.detail.date', { date: dates.longDate(localDay(shown.date)) })}</DialogDescription>
            </DialogHeader>
            {shown.description && <p className="text-sm break-words whitespace-pre-line">{shown.description}</p>}
            {shown.retainedUntil && (
              <p className="flex gap-2 rounded-xl bg-muted p-3 text-sm">
                <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
                {t('documents.retainedUntil', { date: dates.date(localDay(shown.retainedUntil)) })}
              </p>
            )}
            {shown.deletedAt && (
              <p className="rounded-xl bg-destructive/10 p-3 text-sm text-destructive">
                {t('documents.detail.deletedBecause', { reason: shown.deleteReason ?? '' })}
              </p>
            )}
            {shown.openedBy != null && shown.audience != null && (
              <p className="text-sm text-muted-foreground">{t('documents.openedBy', { opened: shown.openedBy, total: shown.audience })}</p>
            )}

            <section aria-labelledby={`${fileInput}-versions`} className="flex flex-col gap-2">
              <h3 id={`${fileInput}-versions`} className="font-semibold">
                {t('documents.detail.versions')}
              </h3>
              {detail.isPending && <Spinner className="size-5 self-center" />}
              {detail.isError && <p className="text-sm text-destructive">{t('documents.detail.versionsError')}</p>}
              <ol className="flex flex-col gap-2" aria-label={t('documents.detail.versions')}>
                {(detail.data?.versions ?? []).map((v) => (
                  <li key={v.id} className="flex flex-col gap-1 rounded-xl border p-3 text-sm">
                    <p className="font-medium">
                      {t('documents.detail.version', { number: v.number })}
                      {v.number === shown.current.number && ` · ${t('documents.detail.current')}`}
                    </p>
                    <p className="text-muted-foreground">
                      {t('documents.detail.uploaded', { name: v.uploaderName || t('common.user'), date: dates.dateTime(v.uploadedAt) })}
                    </p>
                    <p className="text-muted-foreground">
                      {v.fileName} · {v.format} · {formatSize(v.size, i18n.language)}
                    </p>
                    <p className="font-mono text-xs break-all text-muted-foreground">
                      <span className="font-sans">{t('documents.detail.sha256')}</span> {v.sha256}
                    </p>
                    {!shown.deletedAt && <FileLinks version={v} title={`${shown.title} (${t('documents.detail.version', { number: v.number })})`} onPreviewImage={onPreviewImage} />}
                  </li>
                ))}
              </ol>
            </section>

            <UploadStatus state={upload.state} onCancel={upload.cancel} />
            <DialogFooter>
              {shown.canAddVersion && (
                <Button asChild variant="outline" disabled={upload.state.status === 'uploading'}>
                  <label htmlFor={fileInput} className="cursor-pointer">
                    <Upload aria-hidden />
                    {t('documents.detail.newVersion')}
                    <input
                      id={fileInput}
                      type="file"
                      accept={ACCEPTED_TYPES}
                      className="sr-only"
                      onChange={(e) => {
                        const file = e.target.files?.[0]
                        e.target.value = ''
                        if (file) void addVersion(file)
                      }}
                    />
                  </label>
                </Button>
              )}
              {shown.canDelete && (
                <Button
                  variant="outline"
                  className="text-destructive hover:bg-destructive/10"
                  onClick={() => {
                    onDelete(shown)
                  }}
                >
                  <Trash2 aria-hidden />
                  {t('documents.delete')}
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
