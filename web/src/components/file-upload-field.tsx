import { FileText, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { uploadFile, type UploadBucket } from '@/lib/upload'

/** Pictures: what the avatars and incident-images buckets take. */
export const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp']
/** Documents: what the community-documents bucket takes. */
export const PDF_TYPES: readonly string[] = ['application/pdf']

/** What the field holds: a picture (shown as a preview) or a PDF (shown as its name, a link to it). */
export type FileUploadKind = 'image' | 'pdf'

export interface FileUploadFieldProps {
  /** The bucket uploads go to (POST /api/v1/files/{bucket}). */
  bucket: UploadBucket
  kind: FileUploadKind
  /** The content types the picker offers and the field lets through; the server checks the bytes again. */
  accept: readonly string[]
  /** The bucket's limit in MB, checked before uploading (the server checks it again). */
  maxMb: number
  /** The field's label, already translated. */
  label: string
  /** Shown after the label, e.g. '(opcional)'; already translated. */
  optionalText?: string
  /** The help text under the picker; by default the kind's accepted types and the limit. */
  hint?: string
  /** The stored file's URL (/files/…), '' for none. */
  value: string
  onChange: (url: string) => void
  /** Told while an upload is under way, so a form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void
}

/** The last segment of a URL's path, to name a file the field did not upload itself. */
function fileNameOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  const name = path.slice(path.lastIndexOf('/') + 1)
  try {
    return decodeURIComponent(name) || url
  } catch {
    return name || url
  }
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError'
}

/**
 * An optional file, uploaded as soon as it is picked: its progress while it goes up, then a preview (a
 * picture) or its name linking to it (a PDF), with a button that removes it. Wrong types and files over
 * the limit are refused before uploading, with the same Spanish messages the server gives.
 */
export function FileUploadField({
  bucket,
  kind,
  accept,
  maxMb,
  label,
  optionalText,
  hint,
  value,
  onChange,
  onUploadingChange,
}: FileUploadFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const upload = useRef<AbortController | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The name of the file picked here, for as long as the field holds its upload.
  const [picked, setPicked] = useState<{ url: string; name: string } | null>(null)

  // A field that goes away (its dialog closes) stops its upload.
  useEffect(
    () => () => {
      upload.current?.abort()
    },
    [],
  )

  const fail = (message: string) => {
    setError(message)
    toast.error(t('common.error'), { description: message })
  }

  const failedUpload = (err: unknown): string => {
    // The server's type and size refusals, in the reader's language.
    if (err instanceof ApiError && err.status === 415) return t(`upload.${kind}.invalidType`)
    if (err instanceof ApiError && err.status === 413) return t('upload.tooLarge', { max: maxMb })
    const detail = err instanceof ApiError && err.detail ? err.detail : t('errors.unexpected')
    return t(`upload.${kind}.uploadError`, { detail })
  }

  const pick = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    // Some systems say image/jpg; an empty type is left to the server, which looks at the bytes.
    const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type
    if (type && !accept.includes(type)) {
      fail(t(`upload.${kind}.invalidType`))
      if (input.current) input.current.value = ''
      return
    }
    if (file.size > maxMb * 1024 * 1024) {
      fail(t('upload.tooLarge', { max: maxMb }))
      if (input.current) input.current.value = ''
      return
    }
    const controller = new AbortController()
    upload.current = controller
    setProgress(0)
    onUploadingChange?.(true)
    try {
      const uploaded = await uploadFile(bucket, file, setProgress, controller.signal)
      setPicked({ url: uploaded.url, name: file.name })
      onChange(uploaded.url)
    } catch (err) {
      if (!isAbort(err)) fail(failedUpload(err))
    } finally {
      upload.current = null
      setProgress(null)
      onUploadingChange?.(false)
      if (input.current) input.current.value = ''
    }
  }

  const remove = () => {
    setPicked(null)
    setError(null)
    onChange('')
    // The button goes away with the file: keep the keyboard in the field.
    input.current?.focus()
  }

  const removeButton = (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-11 shrink-0 bg-card/90"
      onClick={remove}
      aria-label={t(`upload.${kind}.remove`)}
    >
      <X aria-hidden />
    </Button>
  )

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>
        {label}
        {/* A real space, not only a margin: screen readers read the label and the hint as two words. */}
        {optionalText && <span className="font-normal text-muted-foreground"> {optionalText}</span>}
      </Label>
      {value && kind === 'image' && (
        <div className="relative w-full max-w-xs">
          <img src={value} alt={t('upload.image.preview')} className="h-40 w-full rounded-xl border object-cover" />
          <div className="absolute top-1 right-1">{removeButton}</div>
        </div>
      )}
      {value && kind === 'pdf' && (
        <div className="flex min-w-0 items-center gap-2 rounded-xl border py-1 pr-1 pl-3">
          <FileText className="size-5 shrink-0 text-primary" aria-hidden />
          <a
            href={value}
            target="_blank"
            rel="noopener noreferrer"
            className="min-w-0 flex-1 truncate rounded text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {picked?.url === value ? picked.name : fileNameOf(value)}{' '}
            <span className="sr-only">{t('common.opensInNewTab')}</span>
          </a>
          {removeButton}
        </div>
      )}
      <Input
        ref={input}
        id={id}
        type="file"
        accept={accept.join(',')}
        className="h-auto min-h-11 cursor-pointer py-2 text-sm file:mr-3 file:rounded-lg file:bg-accent file:px-3 file:py-1.5 file:text-accent-foreground"
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        disabled={progress !== null}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {progress !== null && (
        <div className="flex items-center gap-2">
          <Progress value={progress} label={t(`upload.${kind}.uploading`)} className="flex-1" />
          <span className="text-xs text-muted-foreground tabular-nums">{Math.round(progress * 100)} %</span>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint ?? t(`upload.${kind}.hint`, { max: maxMb })}
        </p>
      )}
    </div>
  )
}
