import { X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { toast } from '@/components/ui/toast'
import { uploadFile } from '@/lib/upload'

/** What the incident-images bucket (readable by the community) takes; the server checks the bytes again. */
const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']
const MAX_MB = 10

interface ImageUploadFieldProps {
  /** The stored image's URL, '' for none. */
  value: string
  onChange: (url: string) => void
  /** Told while an upload is under way, so the form waits for it. */
  onUploadingChange: (uploading: boolean) => void
}

/** The announcement's optional image: uploaded as soon as it is picked, with its progress. */
export function ImageUploadField({ value, onChange, onUploadingChange }: ImageUploadFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const fail = (message: string) => {
    setError(message)
    toast.error(t('common.error'), { description: message })
  }

  const pick = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    if (file.type && !IMAGE_TYPES.includes(file.type)) {
      fail(t('announcements.image.invalidType'))
      return
    }
    if (file.size > MAX_MB * 1024 * 1024) {
      fail(t('announcements.image.tooLarge', { max: MAX_MB }))
      return
    }
    setProgress(0)
    onUploadingChange(true)
    try {
      const uploaded = await uploadFile('incident-images', file, setProgress)
      onChange(uploaded.url)
    } catch (err) {
      const detail = err instanceof Error && err.message ? err.message : t('errors.unexpected')
      fail(t('announcements.image.uploadError', { detail }))
    } finally {
      setProgress(null)
      onUploadingChange(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        {t('announcements.fields.image')}
        <span className="ml-1 font-normal text-muted-foreground">{t('common.optional')}</span>
      </Label>
      {value && (
        <div className="relative w-full max-w-xs">
          <img src={value} alt={t('announcements.image.preview')} className="h-40 w-full rounded-xl border object-cover" />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-1 right-1 size-8 bg-card/90"
            onClick={() => {
              onChange('')
            }}
            aria-label={t('announcements.image.remove')}
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <Input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="h-auto cursor-pointer py-2 text-sm file:mr-3 file:rounded-lg file:bg-accent file:px-3 file:py-1.5 file:text-accent-foreground"
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        disabled={progress !== null}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {progress !== null && (
        <div className="flex items-center gap-2">
          <Progress value={progress} label={t('announcements.image.uploading')} className="flex-1" />
          <span className="text-xs text-muted-foreground tabular-nums">{Math.round(progress * 100)} %</span>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('announcements.image.hint', { max: MAX_MB })}
        </p>
      )}
    </div>
  )
}
