import { CalendarPlus, Image, Vote, X } from 'lucide-react'
import { useState } from 'react'
import { EventFormDialog } from '@/components/event-form-dialog'
import { FileUploadField, IMAGE_TYPES } from '@/components/file-upload-field'
import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { KINDS, useCreatePost, type PostKind } from '../api/wall'
import { PollDialog } from './poll-dialog'

/**
 * The composer: the kind, the text, and Foto, Evento and Votación; 'Publicar' only with text. Evento opens
 * the calendar's own event form and the post links the event; Votación opens a consulta and posts it.
 */
export function Composer() {
  const { t } = useTranslation()
  const [kind, setKind] = useState<PostKind>('discussion')
  const [body, setBody] = useState('')
  const [photoOpen, setPhotoOpen] = useState(false)
  const [imageUrl, setImageUrl] = useState('')
  const [uploading, setUploading] = useState(false)
  const [eventOpen, setEventOpen] = useState(false)
  const [event, setEvent] = useState<{ id: string; title: string }>()
  const [pollOpen, setPollOpen] = useState(false)
  const create = useCreatePost()

  const reset = () => {
    setBody('')
    setImageUrl('')
    setPhotoOpen(false)
    setEvent(undefined)
    setKind('discussion')
  }

  const publish = () => {
    create.mutate(
      {
        kind,
        body: body.trim(),
        ...(imageUrl ? { imageUrl } : {}),
        ...(event && kind === 'event' ? { eventId: event.id } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('wall.toasts.published'))
          reset()
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  return (
    <section aria-label={t('wall.composer.label')} className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm">
      <div role="group" aria-label={t('wall.composer.kind')} className="flex flex-wrap gap-2">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            onClick={() => {
              setKind(k)
            }}
            className={cn(
              'h-8 rounded-full border px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
              kind === k ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
            )}
          >
            {t(`wall.kinds.${k}`)}
          </button>
        ))}
      </div>
      <Textarea
        aria-label={t('wall.composer.text')}
        placeholder={t('wall.composer.placeholder')}
        rows={3}
        maxLength={5000}
        value={body}
        onChange={(e) => {
          setBody(e.target.value)
        }}
      />
      {event && kind === 'event' && (
        <p className="flex items-center gap-2 rounded-xl bg-muted p-2 text-sm">
          <CalendarPlus className="size-4" aria-hidden />
          <span className="flex-1">{t('wall.composer.eventLinked', { title: event.title })}</span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('wall.composer.unlinkEvent')}
            onClick={() => {
              setEvent(undefined)
            }}
          >
            <X aria-hidden />
          </Button>
        </p>
      )}
      {photoOpen && (
        <FileUploadField
          bucket="wall-images"
          kind="image"
          accept={IMAGE_TYPES}
          maxMb={10}
          label={t('wall.composer.photo')}
          optionalText={t('common.optional')}
          value={imageUrl}
          onChange={setImageUrl}
          onUploadingChange={setUploading}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t('wall.composer.attach')} className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={photoOpen}
            onClick={() => {
              setPhotoOpen(!photoOpen)
            }}
          >
            <Image aria-hidden />
            {t('wall.composer.photoButton')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setEventOpen(true)
            }}
          >
            <CalendarPlus aria-hidden />
            {t('wall.composer.eventButton')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={uploading}
            onClick={() => {
              setPollOpen(true)
            }}
          >
            <Vote aria-hidden />
            {t('wall.composer.pollButton')}
          </Button>
        </div>
        <Button className="ml-auto" disabled={!body.trim() || uploading || create.isPending} onClick={publish}>
          {t('wall.composer.publish')}
        </Button>
      </div>
      <EventFormDialog
        open={eventOpen}
        onOpenChange={setEventOpen}
        defaultDate={new Date()}
        onCreated={(ev) => {
          setEvent({ id: ev.id, title: ev.title })
          setKind('event')
          if (!body.trim()) setBody(ev.title)
        }}
      />
      <PollDialog open={pollOpen} onOpenChange={setPollOpen} draft={{ kind, body, imageUrl }} onPublished={reset} />
    </section>
  )
}
