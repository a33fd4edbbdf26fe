import { addDays } from 'date-fns'
import { Plus, X } from 'lucide-react'
import { useState, type SyntheticEvent } from 'react'
import { DateTimeFields } from '@/components/date-time-fields'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { combineDateAndTime, toDateInputValue } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useCreatePost, type NewPost } from '../api/wall'

/** A quick consulta: at most this many answers, open at most this many days (the server's limit). */
export const MAX_POLL_OPTIONS = 10
export const MAX_POLL_DAYS = 30

interface PollDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** What the composer holds: the consulta is posted with its text (or the question) and its photo. */
  draft: Pick<NewPost, 'kind' | 'body' | 'imageUrl'>
  /** The post is out: the composer empties. */
  onPublished: () => void
}

/** The composer's 'Votación': opens a consulta in Votaciones (one vote per member, not binding) and posts it. */
export function PollDialog({ open, onOpenChange, draft, onPublished }: PollDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('wall.poll.title')}</DialogTitle>
          <DialogDescription>{t('wall.poll.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <PollForm
            draft={draft}
            onDone={(published) => {
              onOpenChange(false)
              if (published) onPublished()
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function PollForm({ draft, onDone }: { draft: PollDialogProps['draft']; onDone: (published: boolean) => void }) {
  const { t } = useTranslation()
  const today = new Date()
  const [question, setQuestion] = useState('')
  const [options, setOptions] = useState(['', ''])
  const [date, setDate] = useState(toDateInputValue(addDays(today, 7)))
  const [time, setTime] = useState('20:00')
  const [errors, setErrors] = useState<{ question?: string; options?: string; closes?: string }>({})
  const create = useCreatePost()

  const setOption = (index: number, value: string) => {
    setOptions(options.map((o, i) => (i === index ? value : o)))
  }

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const answers = options.map((o) => o.trim()).filter(Boolean)
    const closes = combineDateAndTime(date, time)
    const found = {
      question: question.trim() ? undefined : t('wall.poll.validation.question'),
      options:
        answers.length >= 2 && new Set(answers.map((a) => a.toLowerCase())).size === answers.length
          ? undefined
          : t('wall.poll.validation.options'),
      closes: closes && closes > new Date() ? undefined : t('wall.poll.validation.closes'),
    }
    setErrors(found)
    if (found.question || found.options || found.closes || !closes) return
    create.mutate(
      {
        // An Evento links its event; a consulta is posted as a Pregunta unless it is an Anuncio.
        kind: draft.kind === 'announcement' ? 'announcement' : 'question',
        body: draft.body.trim() || question.trim(),
        ...(draft.imageUrl ? { imageUrl: draft.imageUrl } : {}),
        poll: { title: question.trim(), options: answers, closesAt: closes.toISOString() },
      },
      {
        onSuccess: () => {
          toast.success(t('wall.toasts.pollPublished'))
          onDone(true)
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="wall-poll-question" label={t('wall.poll.question')} error={errors.question}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={200}
            placeholder={t('wall.poll.questionPlaceholder')}
            value={question}
            onChange={(e) => {
              setQuestion(e.target.value)
            }}
          />
        )}
      </FormField>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.options ? 'wall-poll-options-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('wall.poll.options')}</legend>
        {options.map((option, i) => (
          // The answers are edited in place and only appended or removed: the index is their identity.
          <div key={i} className="flex items-center gap-2">
            <Input
              aria-label={t('wall.poll.option', { n: i + 1 })}
              aria-invalid={errors.options ? true : undefined}
              maxLength={200}
              value={option}
              onChange={(e) => {
                setOption(i, e.target.value)
              }}
            />
            {options.length > 2 && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('wall.poll.removeOption', { n: i + 1 })}
                onClick={() => {
                  setOptions(options.filter((_, j) => j !== i))
                }}
              >
                <X aria-hidden />
              </Button>
            )}
          </div>
        ))}
        {errors.options && (
          <p id="wall-poll-options-error" className="text-sm text-destructive">
            {errors.options}
          </p>
        )}
        {options.length < MAX_POLL_OPTIONS && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => {
              setOptions([...options, ''])
            }}
          >
            <Plus aria-hidden />
            {t('wall.poll.addOption')}
          </Button>
        )}
      </fieldset>
      <DateTimeFields
        date={{
          id: 'wall-poll-date',
          label: t('wall.poll.closesDate'),
          value: date,
          onChange: setDate,
          error: errors.closes,
          min: toDateInputValue(today),
          max: toDateInputValue(addDays(today, MAX_POLL_DAYS)),
        }}
        times={[{ id: 'wall-poll-time', label: t('wall.poll.closesTime'), value: time, onChange: setTime }]}
      />
      <p className="text-xs text-muted-foreground">{t('wall.poll.hint', { days: MAX_POLL_DAYS })}</p>
      <DialogFooter>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            onDone(false)
          }}
        >
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={create.isPending}>{t('wall.poll.publish')}</SubmitButton>
      </DialogFooter>
    </form>
  )
}
