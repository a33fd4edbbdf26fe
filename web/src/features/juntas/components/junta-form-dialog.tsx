import { Plus, Trash2 } from 'lucide-react'
import { useId, useState, type SyntheticEvent } from 'react'
import { useNavigate } from 'react-router'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useMembers } from '@/lib/members'
import { useSession } from '@/lib/session'
import { useArchiveDocuments, useCreateJunta, useUpdateJunta, type Junta, type JuntaForm, type JuntaPointForm } from '../api/juntas'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The draft to edit; none: a new junta. */
  junta?: Junta
}

/** 'Nueva junta' / 'Editar junta': the form is mounted only while open, so every opening starts afresh. */
export function JuntaFormDialog({ open, onOpenChange, junta }: Props) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{junta ? t('juntas.form.editTitle') : t('juntas.form.newTitle')}</DialogTitle>
          <DialogDescription>{t('juntas.form.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <JuntaFormBody
            junta={junta}
            close={() => {
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function pad(n: number) {
  return String(n).padStart(2, '0')
}

function localParts(iso: string | undefined): { date: string; time: string } {
  if (!iso) return { date: '', time: '18:00' }
  const d = new Date(iso)
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` }
}

function toISO(date: string, time: string): string | null {
  if (!date || !time) return null
  const d = new Date(`${date}T${time}`)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

function JuntaFormBody({ junta, close }: { junta?: Junta; close: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const navigate = useNavigate()
  const { user } = useSession()
  const members = useMembers()
  const create = useCreateJunta()
  const update = useUpdateJunta()
  const first = localParts(junta?.firstCall)
  const second = localParts(junta?.secondCall)
  const [kind, setKind] = useState<'ordinaria' | 'extraordinaria'>(junta?.kind ?? 'ordinaria')
  const [date, setDate] = useState(first.date)
  const [time, setTime] = useState(first.time)
  const [secondTime, setSecondTime] = useState(junta ? second.time : '18:30')
  const [place, setPlace] = useState(junta?.place ?? '')
  const [videoLink, setVideoLink] = useState(junta?.videoLink ?? '')
  const [presidentId, setPresidentId] = useState(junta?.presidentId ?? user?.id ?? '')
  const [secretaryId, setSecretaryId] = useState(junta?.secretaryId ?? user?.id ?? '')
  const standard: JuntaPointForm[] = [
    { title: t('juntas.standardPoints.accounts'), agreement: true, majority: 'simple' },
    { title: t('juntas.standardPoints.budget'), agreement: true, majority: 'simple' },
    { title: t('juntas.standardPoints.posts'), agreement: true, majority: 'simple' },
    { title: t('juntas.standardPoints.other'), agreement: false },
  ]
  const [points, setPoints] = useState<JuntaPointForm[]>(
    junta
      ? junta.points.map((p) => ({
          title: p.title,
          description: p.description,
          agreement: p.agreement,
          majority: p.majority ?? undefined,
          documents: (p.documents ?? []).map((d) => d.id),
        }))
      : standard,
  )
  const pending = create.isPending || update.isPending

  const setPoint = (i: number, change: Partial<JuntaPointForm>) => {
    setPoints((ps) => ps.map((p, j) => (j === i ? { ...p, ...change } : p)))
  }

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const firstCall = toISO(date, time)
    const secondCall = toISO(date, secondTime)
    if (!firstCall || !secondCall) {
      toast.error(t('juntas.form.dateRequired'))
      return
    }
    const body: JuntaForm = {
      kind,
      firstCall,
      secondCall,
      place: place.trim() || undefined,
      videoLink: videoLink.trim() || undefined,
      presidentId: presidentId || undefined,
      secretaryId: secretaryId || undefined,
      points: points.map((p) => ({ ...p, majority: p.agreement ? (p.majority ?? 'simple') : undefined })),
    }
    const onError = (err: unknown) => {
      toast.error(t('juntas.toasts.saveError'), { description: err instanceof ApiError ? err.detail : undefined })
    }
    if (junta) {
      update.mutate({ id: junta.id, body }, { onSuccess: close, onError })
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          close()
          void navigate(`/juntas/${created.id}`)
        },
        onError,
      })
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-kind`}>{t('juntas.form.kind')}</Label>
        <NativeSelect
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as 'ordinaria' | 'extraordinaria')
          }}
        >
          <option value="ordinaria">{t('juntas.kind.ordinaria')}</option>
          <option value="extraordinaria">{t('juntas.kind.extraordinaria')}</option>
        </NativeSelect>
      </div>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-date`}>{t('juntas.form.date')}</Label>
          <Input id={`${id}-date`} type="date" required value={date} onChange={(e) => { setDate(e.target.value); }} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-first`}>{t('juntas.form.firstCall')}</Label>
          <Input id={`${id}-first`} type="time" required value={time} onChange={(e) => { setTime(e.target.value); }} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-second`}>{t('juntas.form.secondCall')}</Label>
          <Input id={`${id}-second`} type="time" required value={secondTime} onChange={(e) => { setSecondTime(e.target.value); }} />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t('juntas.form.callsHint')}</p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-place`}>{t('juntas.form.place')}</Label>
        <Input id={`${id}-place`} maxLength={300} value={place} onChange={(e) => { setPlace(e.target.value); }} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-link`}>{t('juntas.form.videoLink')}</Label>
        <Input
          id={`${id}-link`}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={500}
          value={videoLink}
          onChange={(e) => { setVideoLink(e.target.value); }}
        />
        {videoLink.trim() !== '' && place.trim() === '' && <p className="text-xs text-muted-foreground">{t('juntas.onlineNote')}</p>}
      </div>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-president`}>{t('juntas.form.president')}</Label>
          <NativeSelect id={`${id}-president`} value={presidentId} onChange={(e) => { setPresidentId(e.target.value); }}>
            {(members.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.fullName}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-secretary`}>{t('juntas.form.secretary')}</Label>
          <NativeSelect id={`${id}-secretary`} value={secretaryId} onChange={(e) => { setSecretaryId(e.target.value); }}>
            {(members.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.fullName}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">{t('juntas.form.points')}</legend>
        <ol className="flex flex-col gap-3">
          {points.map((p, i) => (
            <li key={i} className="flex flex-col gap-2 rounded-xl border p-3">
              <div className="flex items-end gap-2">
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <Label htmlFor={`${id}-p${i}`}>{t('juntas.form.pointTitle', { n: i + 1 })}</Label>
                  <Input
                    id={`${id}-p${i}`}
                    required
                    maxLength={300}
                    value={p.title}
                    onChange={(e) => { setPoint(i, { title: e.target.value }); }}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('juntas.form.removePoint', { n: i + 1 })}
                  onClick={() => { setPoints((ps) => ps.filter((_, j) => j !== i)); }}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Label className="flex items-center gap-2 font-normal">
                  <Checkbox checked={p.agreement ?? false} onChange={(e) => { setPoint(i, { agreement: e.target.checked }); }} />
                  {t('juntas.form.agreement')}
                </Label>
                {p.agreement && (
                  <NativeSelect
                    aria-label={t('juntas.form.majority', { n: i + 1 })}
                    value={p.majority ?? 'simple'}
                    onChange={(e) => { setPoint(i, { majority: e.target.value as JuntaPointForm['majority'] }); }}
                  >
                    {(['simple', 'three_fifths', 'one_third', 'unanimity'] as const).map((m) => (
                      <option key={m} value={m}>
                        {t(`juntas.majority.${m}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </div>
              <PointDocuments
                n={i + 1}
                selected={p.documents ?? []}
                onChange={(documents) => {
                  setPoint(i, { documents })
                }}
              />
            </li>
          ))}
        </ol>
        <Button
          type="button"
          variant="outline"
          onClick={() => { setPoints((ps) => [...ps, { title: '', agreement: false }]); }}
          disabled={points.length >= 40}
        >
          <Plus aria-hidden />
          {t('juntas.form.addPoint')}
        </Button>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={close}>
          {t('juntas.form.cancel')}
        </Button>
        <SubmitButton pending={pending} disabled={points.length === 0}>
          {junta ? t('juntas.form.update') : t('juntas.form.create')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}

/** The documents of the archive a point attaches: the accounts, the budget, quotes for works. */
function PointDocuments({ n, selected, onChange }: { n: number; selected: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const archive = useArchiveDocuments(open)
  return (
    <details
      className="text-sm"
      onToggle={(e) => {
        setOpen(e.currentTarget.open)
      }}
    >
      <summary className="cursor-pointer text-muted-foreground">{t('juntas.form.documents', { n, count: selected.length })}</summary>
      {archive.isPending && open && <p role="status">{t('juntas.loading')}</p>}
      {archive.isError && <p role="alert">{t('juntas.loadError')}</p>}
      {archive.data?.length === 0 && <p className="text-muted-foreground">{t('juntas.form.noDocuments')}</p>}
      <ul className="mt-1 flex max-h-48 flex-col gap-1 overflow-y-auto">
        {archive.data?.map((d) => (
          <li key={d.id}>
            <Label className="flex items-center gap-2 font-normal">
              <Checkbox
                checked={selected.includes(d.id)}
                onChange={(e) => {
                  onChange(e.target.checked ? [...selected, d.id] : selected.filter((id) => id !== d.id))
                }}
              />
              {d.title}
            </Label>
          </li>
        ))}
      </ul>
    </details>
  )
}
