import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { useTranslation } from '@/lib/i18n'
import type { UploadState } from '../lib/use-upload'

/** An upload under way (its progress and 'Cancelar subida') or the reason it failed. */
export function UploadStatus({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const { t } = useTranslation()
  if (state.status === 'error') {
    return (
      <p role="alert" className="rounded-xl bg-destructive/10 p-3 text-sm text-destructive">
        {state.message}
      </p>
    )
  }
  if (state.status !== 'uploading') return null
  const percent = Math.round(state.progress * 100)
  return (
    <div className="flex flex-col gap-2 rounded-xl border p-3" aria-live="polite">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate">{t('documents.upload.uploading', { name: state.fileName })}</span>
        <span className="shrink-0 tabular-nums">{t('documents.upload.percent', { percent })}</span>
      </div>
      <Progress value={state.progress} label={t('documents.upload.progress', { name: state.fileName })} />
      <Button type="button" variant="outline" size="sm" className="self-end" onClick={onCancel}>
        {t('documents.upload.cancel')}
      </Button>
    </div>
  )
}
