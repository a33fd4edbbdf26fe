import { TextField } from '@/components/text-field'
import { FormDialog } from '@/components/form-dialog'
import { useState, type SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { DateTimeFields } from '@/components/date-time-fields'
import { combineDateAndTime, toDateInputValue, toTimeInputValue } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useCreatePoll, useUpdatePoll, type Poll, type PollForm } from '../api/polls'
import { failureText } from '../lib/failure'

interface PollFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The draft to edit; undefined to create one. */
  poll?: Poll
}

/** 'Nueva Votación' / 'Editar votación': a draft, editable until it opens. */
export function PollFormDialog({ poll, open, onOpenChange }: PollFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} section="voting" editing={poll !== undefined} long>
      {(close) => <PollFormBody poll={poll} onDone={close} />}
    </FormDialog>
  )
}

const inTwoDays = () => new Date(Date.now() + 2 * 24 * 3600 * 1000)

type Choice = NonNullable<PollForm['juntaOptions']>[number]['choice']
interface JuntaOption {
  /** Stable across edits, for React keys and labels. */
  key: number
  text: string
  choice: Choice
}
const choices: Choice[] = ['favour', 'against', 'abstain']

function PollFormBody({ poll, onDone }: { poll?: Poll; onDone: () => void }) {
  const { t } = useTranslation()
  const [kind, setKind] = useState<PollForm['kind']>(poll?.kind ?? 'consulta')
  const [title, setTitle] = useState(poll?.title ?? '')
  const [description, setDescription] = useState(poll?.description ?? '')
  const [options, setOptions] = useState(poll?.kind === 'consulta' ? poll.options.map((o) => o.text).join('\n') : '')
  const closes = poll ? new Date(poll.closesAt) : inTwoDays()
  const [closeDate, setCloseDate] = useState(toDateInputValue(closes))
  const [closeTime, setCloseTime] = useState(toTimeInputValue(closes))
  const [quorum, setQuorum] = useState(String(poll?.quorum ?? 25))
  const [secret, setSecret] = useState(poll?.secret ?? false)
  const [allowChange, setAllowChange] = useState(poll?.allowChange ?? false)
  const [juntaDate, setJuntaDate] = useState(poll?.juntaDate ? toDateInputValue(poll.juntaDate) : toDateInputValue(new Date()))
  const [convocatoria, setConvocatoria] = useState<NonNullable<PollForm['convocatoria']>>(poll?.convocatoria ?? 'primera')
  const [majority, setMajority] = useState<NonNullable<PollForm['majority']>>(poll?.majority ?? 'simple')
  const [absentFavour, setAbsentFavour] = useState(poll?.absentFavour ?? true)
  const [juntaOptions, setJuntaOptions] = useState<JuntaOption[]>(() =>
    poll?.kind === 'junta'
      ? poll.options.map((o, key) => ({ key, text: o.text, choice: o.choice ?? 'favour' }))
      : choices.map((choice, key) => ({ key, text: t(`voting.form.meaning.${choice}`), choice })),
  )
  const create = useCreatePoll()
  const update = useUpdatePoll()
  const junta = kind === 'junta'
  const optionList = options.split('\n').map((o) => o.trim()).filter(Boolean)
  const juntaList = juntaOptions.map((o) => ({ text: o.text.trim(), choice: o.choice })).filter((o) => o.text)
  const juntaMeaningful = juntaList.some((o) => o.choice === 'favour') && juntaList.some((o) => o.choice === 'against')
  const complete =
    title.trim() !== '' && closeDate !== '' && closeTime !== '' && (junta ? juntaDate !== '' && juntaMeaningful : optionList.length >= 2)

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const closesAt = combineDateAndTime(closeDate, closeTime)
    if (!complete || !closesAt) return
    const body: PollForm = {
      kind,
      title: title.trim(),
      description: description.trim(),
      closesAt: closesAt.toISOString(),
      quorum: Number(quorum) || 25,
      secret,
      allowChange,
      ...(junta
        ? { juntaDate: combineDateAndTime(juntaDate, '12:00')?.toISOString(), convocatoria, majority, absentFavour, juntaOptions: juntaList }
        : { options: optionList }),
    }
    const done = {
      onSuccess: () => {
        toast.success(t(poll ? 'voting.toasts.updated' : 'voting.toasts.created'), { duration: 2000 })
        onDone()
      },
      onError: (err: unknown) => {
        toast.error(t('common.error'), { description: failureText(t('voting.toasts.saveError'), err) })
      },
    }
    if (poll) update.mutate({ id: poll.id, body }, done)
    else create.mutate(body, done)
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={poll ? t('voting.form.editTitle') : t('voting.form.newTitle')}>
      <FormField id="poll-kind" label={t('voting.fields.kind')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as PollForm['kind'])
            }}
          >
            <option value="consulta">{t('voting.kind.consulta')}</option>
            <option value="junta">{t('voting.kind.junta')}</option>
          </NativeSelect>
        )}
      </FormField>
      <TextField id="poll-title" label={t('voting.fields.title')} required maxLength={200} value={title} onChange={setTitle} />
      <TextField id="poll-description" label={t('voting.fields.description')} optional rows={3} maxLength={5000} value={description} onChange={setDescription} />
      {junta ? (
        <>
          <JuntaOptionsEditor options={juntaOptions} onChange={setJuntaOptions} meaningful={juntaMeaningful} />
          <FormField id="poll-junta-date" label={t('voting.fields.juntaDate')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                required
                value={juntaDate}
                onChange={(e) => {
                  setJuntaDate(e.target.value)
                }}
              />
            )}
          </FormField>
          <FormField id="poll-convocatoria" label={t('voting.fields.convocatoria')}>
            {(control) => (
              <NativeSelect
                {...control}
                value={convocatoria}
                onChange={(e) => {
                  setConvocatoria(e.target.value as typeof convocatoria)
                }}
              >
                <option value="primera">{t('voting.convocatoria.primera')}</option>
                <option value="segunda">{t('voting.convocatoria.segunda')}</option>
              </NativeSelect>
            )}
          </FormField>
          <FormField id="poll-majority" label={t('voting.fields.majority')}>
            {(control) => (
              <NativeSelect
                {...control}
                value={majority}
                onChange={(e) => {
                  setMajority(e.target.value as typeof majority)
                }}
              >
                <option value="simple">{t('voting.majority.simple')}</option>
                <option value="three_fifths">{t('voting.majority.three_fifths')}</option>
                <option value="one_third">{t('voting.majority.one_third')}</option>
                <option value="unanimity">{t('voting.majority.unanimity')}</option>
              </NativeSelect>
            )}
          </FormField>
          <ToggleRow id="poll-absent" label={t('voting.fields.absentFavour')} checked={absentFavour} onChange={setAbsentFavour} />
        </>
      ) : (
        <FormField id="poll-options" label={t('voting.fields.options')} hint={t('voting.form.optionsHint')}>
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              value={options}
              onChange={(e) => {
                setOptions(e.target.value)
              }}
            />
          )}
        </FormField>
      )}
      <DateTimeFields
        date={{ id: 'poll-close-date', label: t('voting.fields.closeDate'), value: closeDate, onChange: setCloseDate }}
        times={[{ id: 'poll-close-time', label: t('voting.fields.closeTime'), value: closeTime, onChange: setCloseTime }]}
      />
      {/* A junta vote's participation is of its owners with a vote: the quorum is a consulta's. */}
      {!junta && (
        <FormField id="poll-quorum" label={t('voting.fields.quorum')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={100000}
              value={quorum}
              onChange={(e) => {
                setQuorum(e.target.value)
              }}
            />
          )}
        </FormField>
      )}
      <ToggleRow id="poll-secret" label={t('voting.fields.secret')} checked={secret} onChange={setSecret} />
      <ToggleRow id="poll-change" label={t('voting.fields.allowChange')} checked={allowChange} onChange={setAllowChange} />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('voting.cancel')}
        </Button>
        <SubmitButton pending={create.isPending || update.isPending} disabled={!complete}>
          {poll ? t('voting.form.update') : t('voting.form.create')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}

/** The answers of a junta vote, each with what it means for the agreement (art. 17 counts those in favour). */
function JuntaOptionsEditor({ options, onChange, meaningful }: { options: JuntaOption[]; onChange: (o: JuntaOption[]) => void; meaningful: boolean }) {
  const { t } = useTranslation()
  const set = (key: number, change: Partial<JuntaOption>) => {
    onChange(options.map((o) => (o.key === key ? { ...o, ...change } : o)))
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="poll-junta-options-hint">
      <legend className="mb-1 text-sm font-medium">{t('voting.fields.options')}</legend>
      <p id="poll-junta-options-hint" className={meaningful ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'}>
        {t('voting.form.juntaOptions')}
      </p>
      {options.map((o, i) => (
        <div key={o.key} className="flex flex-wrap items-center gap-2">
          <Input
            aria-label={t('voting.form.optionText', { n: i + 1 })}
            className="min-w-0 flex-1"
            maxLength={200}
            value={o.text}
            onChange={(e) => {
              set(o.key, { text: e.target.value })
            }}
          />
          <NativeSelect
            aria-label={t('voting.form.optionMeaning', { n: i + 1 })}
            className="w-auto"
            value={o.choice}
            onChange={(e) => {
              set(o.key, { choice: e.target.value as Choice })
            }}
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {t(`voting.form.meaning.${c}`)}
              </option>
            ))}
          </NativeSelect>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={options.length <= 2}
            aria-label={t('voting.form.removeOptionLabel', { n: i + 1 })}
            onClick={() => {
              onChange(options.filter((x) => x.key !== o.key))
            }}
          >
            {t('voting.form.removeOption')}
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={options.length >= 20}
        onClick={() => {
          onChange([...options, { key: Math.max(-1, ...options.map((o) => o.key)) + 1, text: '', choice: 'favour' }])
        }}
      >
        {t('voting.form.addOption')}
      </Button>
    </fieldset>
  )
}

function ToggleRow({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  )
}
