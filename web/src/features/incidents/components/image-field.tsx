import { X } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { toast } from '@/components/ui/toast'
import { uploadFile } from '@/lib/upload'

/** What the incident-images bucket takes (the server checks again, from the bytes). */
const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']
const MAX_MB = 10

interface ImageFieldProps {
  /** The stored image's URL, '' for none. */
  value: string
  onChange: (url: string) => void
  /** Told while an upload is under way, so the form waits for it. */
  onUploadingChange: (uploading: boolean) => void
}

/** An optional photo: uploaded as soon as it is picked, with its progress; the server's message on failure. */
export function ImageField({ value, onChange, onUploadingChange }: ImageFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const fail = (detail: string) => {
    const message = t('incidents.image.uploadError', { detail })
    setError(message)
    toast.error(t('common.error'), { description: message })
  }

  const pick = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    if (file.type && !IMAGE_TYPES.includes(file.type)) {
      fail(t('incidents.image.invalidType'))
      return
    }
    if (file.size > MAX_MB * 1024 * 1024) {
      fail(t('incidents.image.tooLarge', { max: MAX_MB }))
      return
    }
    setProgress(0)
    onUploadingChange(true)
    try {
      const uploaded = await uploadFile('incident-images', file, setProgress)
      onChange(uploaded.url)
    } catch (err) {
      fail(err instanceof Error && err.message ? err.message : t('errors.unexpected'))
    } finally {
      setProgress(null)
      onUploadingChange(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        {t('incidents.fields.image')}
        <span className="ml-1 font-normal text-muted-foreground">{t('common.optional')}</span>
      </Label>
      {value && (
        <div className="relative w-fit">
          <img src={value} alt={t('incidents.image.preview')} className="max-h-40 rounded-xl border object-cover" />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-1 right-1 size-8 bg-card/90"
            onClick={() => {
              onChange('')
            }}
            aria-label={t('incidents.image.remove')}
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
          <Progress value={progress} label={t('incidents.image.uploading')} className="flex-1" />
          <span className="text-xs text-muted-foreground tabular-nums">{Math.round(progress * 100)} %</span>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('incidents.image.hint', { max: MAX_MB })}
        </p>
      )}
    </div>
  )
}
