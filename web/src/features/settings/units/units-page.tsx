import { Download, Plus, Upload } from 'lucide-react'
import { useId, useMemo, useState, type SyntheticEvent } from 'react'
import { SearchInput } from '@/components/search-input'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import {
  UNIT_KINDS,
  UNITS_EXPORT_URL,
  useAddUnit,
  useImportUnits,
  useMergeUnit,
  useRemoveUnit,
  useUpdateUnit,
  type UnitBody,
  type UnitKind,
} from '../api/units'
import { SettingsScreen } from '@/components/settings-screen'
import { UnitBody as UnitBodyLimits } from '@/lib/api/limits'
import { useAdminOnly } from '@/lib/use-admin-only'
import { inTabCommunity } from '@/lib/tab-community'
import { unitLabel, useAdminUnits, type AdminUnit, type AdminUnitList } from '@/lib/units'

/** Text to match a search on: lower case, without accents. */
function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().trim()
}

/** A coeficiente as the language writes decimals ('12,5' in Spanish). */
export function formatCoefficient(value: string, language: string): string {
  return Number(value).toLocaleString(language, { maximumFractionDigits: 4 })
}

/** /settings/units (admins): the units registry, Viviendas y locales. */
export function UnitsPage() {
  const { t } = useTranslation()
  const isAdmin = useAdminOnly()
  const list = useAdminUnits(isAdmin)
  const [query, setQuery] = useState('')

  return (
    <SettingsScreen title={t('settings.units.title')} description={t('settings.units.description')} backTo="/settings">
      {isAdmin && list.isPending && (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('settings.units.loading')}>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      )}
      {isAdmin && list.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border p-4">
          <p>{t('settings.units.loadError')}</p>
          <Button
            variant="outline"
            onClick={() => {
              void list.refetch()
            }}
          >
            {t('settings.units.retry')}
          </Button>
        </div>
      )}
      {isAdmin && list.data && (
        <>
          <Summary list={list.data} />
          <AddUnit />
          <SearchInput
            value={query}
            onValueChange={setQuery}
            label={t('settings.units.search')}
            placeholder={t('settings.units.searchPlaceholder')}
          />
          <UnitList units={list.data.units} query={query} />
          <CsvTools />
        </>
      )}
    </SettingsScreen>
  )
}

function Summary({ list }: { list: AdminUnitList }) {
  const { t, i18n } = useTranslation()
  const sum = formatCoefficient(list.coefficientSum, i18n.language)
  return (
    <Card className="gap-0 py-4">
      <CardContent className="flex flex-col gap-1" aria-live="polite">
        <p className="font-semibold">{t('settings.units.count', { count: list.units.length })}</p>
        <p>
          {t('settings.units.sum')}: <span className="font-semibold">{sum} %</span>{' '}
          {list.coefficientsAre100 ? (
            <Badge variant="green">{t('settings.units.sumOk')}</Badge>
          ) : (
            <Badge variant="orange">{t('settings.units.sumNot100')}</Badge>
          )}
        </p>
        {list.coefficientsMissing > 0 && (
          <p className="text-sm text-muted-foreground">
            {t('settings.units.missing', { count: list.coefficientsMissing })}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

interface UnitFormValues {
  name: string
  building: string
  staircase: string
  floor: string
  kind: UnitKind
  coefficient: string
}

function valuesOf(u?: AdminUnit): UnitFormValues {
  return {
    name: u?.name ?? '',
    building: u?.building ?? '',
    staircase: u?.staircase ?? '',
    floor: u?.floor ?? '',
    kind: u?.kind ?? 'vivienda',
    coefficient: u?.coefficient ? u.coefficient.replace('.', ',') : '',
  }
}

function bodyOf(v: UnitFormValues): UnitBody {
  return { ...v }
}

/** The fields of a unit: name, portal, staircase, floor, kind and coeficiente. */
function UnitFields({ values, onChange }: { values: UnitFormValues; onChange: (v: UnitFormValues) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const text = (key: Exclude<keyof UnitFormValues, 'kind'>, extra?: { inputMode?: 'decimal' }) => (
    <FormField id={`${id}-${key}`} label={t(`settings.units.fields.${key}`)}>
      {(control) => (
        <Input
          {...control}
          {...extra}
          value={values[key]}
          maxLength={UnitBodyLimits[key]}
          onChange={(e) => {
            onChange({ ...values, [key]: e.target.value })
          }}
        />
      )}
    </FormField>
  )
  return (
    <div className="grid grid-cols-2 gap-3">
      {text('name')}
      {text('building')}
      {text('staircase')}
      {text('floor')}
      <FormField id={`${id}-kind`} label={t('settings.units.fields.kind')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={values.kind}
            onChange={(e) => {
              onChange({ ...values, kind: e.target.value as UnitKind })
            }}
          >
            {UNIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`settings.units.kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {text('coefficient', { inputMode: 'decimal' })}
    </div>
  )
}

function AddUnit() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState(valuesOf())
  const add = useAddUnit()
  if (!open) {
    return (
      <Button
        variant="outline"
        className="self-start"
        onClick={() => {
          setOpen(true)
        }}
      >
        <Plus aria-hidden />
        {t('settings.units.add')}
      </Button>
    )
  }
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    add.mutate(bodyOf(values), {
      onSuccess: () => {
        toast.success(t('settings.units.added'))
        setValues(valuesOf())
        setOpen(false)
      },
      onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
    })
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-label={t('settings.units.add')}>
      <UnitFields values={values} onChange={setValues} />
      <div className="flex gap-2">
        <Button type="submit" disabled={add.isPending} aria-busy={add.isPending}>
          {t('settings.units.addSubmit')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setOpen(false)
          }}
        >
          {t('settings.cancel')}
        </Button>
      </div>
    </form>
  )
}

function UnitList({ units, query }: { units: AdminUnit[]; query: string }) {
  const { t } = useTranslation()
  const key = searchKey(query)
  const shown = useMemo(
    () => {
      // Every word typed must appear: 'portal 2 1º' finds 'Portal 2 · 1º A'.
      const words = key.split(/\s+/).filter(Boolean)
      return units.filter((u) => {
        const text = searchKey(`${unitLabel(u)} ${u.ownerName ?? ''}`)
        return words.every((w) => text.includes(w))
      })
    },
    [units, key],
  )
  if (units.length === 0) {
    return <p className="rounded-2xl border p-4 text-muted-foreground">{t('settings.units.empty')}</p>
  }
  if (shown.length === 0) {
    return <p className="rounded-2xl border p-4 text-muted-foreground">{t('settings.units.noMatch')}</p>
  }
  return (
    <ul className="flex flex-col overflow-hidden rounded-2xl border bg-card" aria-label={t('settings.units.list')}>
      {shown.map((u) => (
        <UnitRow key={u.id} unit={u} others={units.filter((o) => o.id !== u.id)} />
      ))}
    </ul>
  )
}

function UnitRow({ unit, others }: { unit: AdminUnit; others: AdminUnit[] }) {
  const { t, i18n } = useTranslation()
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState(valuesOf(unit))
  const [mergeInto, setMergeInto] = useState('')
  const [confirm, setConfirm] = useState<'remove' | 'merge' | null>(null)
  const update = useUpdateUnit()
  const remove = useRemoveUnit()
  const merge = useMergeUnit()
  const label = unitLabel(unit)
  const mergeId = useId()
  const fail = (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })

  const save = (e: SyntheticEvent) => {
    e.preventDefault()
    update.mutate(
      { id: unit.id, body: bodyOf(values) },
      {
        onSuccess: () => {
          toast.success(t('settings.saved'))
          setEditing(false)
        },
        onError: fail,
      },
    )
  }
  const target = others.find((o) => o.id === mergeInto)

  return (
    <li className="flex flex-col gap-3 border-b px-4 py-3 last:border-b-0">
      <div className="flex min-w-0 items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium">{label}</p>
          <p className="text-sm text-muted-foreground">
            {t(`settings.units.kinds.${unit.kind}`)}
            {' · '}
            {unit.coefficient
              ? `${formatCoefficient(unit.coefficient, i18n.language)} %`
              : t('settings.units.noCoefficient')}
            {unit.ownerName ? ` · ${unit.ownerName}` : ''}
            {unit.residents > 0 ? ` · ${t('settings.units.residents', { count: unit.residents })}` : ''}
          </p>
        </div>
        {!editing && (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('settings.units.editUnit', { unit: label })}
            onClick={() => {
              setValues(valuesOf(unit))
              setEditing(true)
            }}
          >
            {t('settings.edit')}
          </Button>
        )}
      </div>
      {editing && (
        <form onSubmit={save} className="flex flex-col gap-3" aria-label={t('settings.units.editUnit', { unit: label })}>
          <UnitFields values={values} onChange={setValues} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
              {update.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setEditing(false)
              }}
            >
              {t('settings.cancel')}
            </Button>
            <Button
              type="button"
              variant="destructive"
              className="ml-auto"
              onClick={() => {
                setConfirm('remove')
              }}
            >
              {t('settings.units.remove')}
            </Button>
          </div>
          {others.length > 0 && (
            <div className="flex items-end gap-2">
              <FormField id={mergeId} label={t('settings.units.mergeInto')} className="min-w-0 flex-1">
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={mergeInto}
                    onChange={(e) => {
                      setMergeInto(e.target.value)
                    }}
                  >
                    <option value="">{t('settings.units.mergeChoose')}</option>
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {unitLabel(o)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <Button
                type="button"
                variant="outline"
                disabled={!target}
                onClick={() => {
                  setConfirm('merge')
                }}
              >
                {t('settings.units.merge')}
              </Button>
            </div>
          )}
        </form>
      )}
      <ConfirmDialog
        open={confirm === 'remove'}
        onOpenChange={(open) => {
          if (!open) setConfirm(null)
        }}
        title={t('settings.units.removeTitle', { unit: label })}
        description={t('settings.units.removeDescription')}
        cancelLabel={t('settings.cancel')}
        confirmLabel={t('settings.units.remove')}
        pending={remove.isPending}
        onConfirm={() => {
          remove.mutate(unit.id, {
            onSuccess: () => toast.success(t('settings.units.removed')),
            onError: fail,
            onSettled: () => {
              setConfirm(null)
            },
          })
        }}
      />
      <ConfirmDialog
        open={confirm === 'merge'}
        onOpenChange={(open) => {
          if (!open) setConfirm(null)
        }}
        title={t('settings.units.mergeTitle', { unit: label, into: target ? unitLabel(target) : '' })}
        description={t('settings.units.mergeDescription')}
        cancelLabel={t('settings.cancel')}
        confirmLabel={t('settings.units.merge')}
        pending={merge.isPending}
        onConfirm={() => {
          merge.mutate(
            { id: unit.id, into: mergeInto },
            {
              onSuccess: () => toast.success(t('settings.units.merged')),
              onError: fail,
              onSettled: () => {
                setConfirm(null)
              },
            },
          )
        }}
      />
    </li>
  )
}

function CsvTools() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [lines, setLines] = useState<string[]>([])
  const [removeMissing, setRemoveMissing] = useState(false)
  // The units of the registry the last import's file did not have, still there, and whether it removed the empty ones.
  const [missing, setMissing] = useState<{ units: string[]; removed: boolean } | null>(null)
  const imp = useImportUnits()
  const id = useId()

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    setLines([])
    setMissing(null)
    imp.mutate(
      { csv: text, removeMissing },
      {
        onSuccess: (r) => {
          toast.success(t('units.imported', { added: r.added, updated: r.updated, removed: r.removed }))
          setText('')
          const left = r.missing ?? []
          setMissing(left.length > 0 ? { units: left, removed: removeMissing } : null)
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errors.length > 0) setLines(err.errors)
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('settings.units.csvTitle')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('settings.units.csvHint')}</p>
      <Button asChild variant="outline" className="self-start">
        <a href={inTabCommunity(UNITS_EXPORT_URL)} download="viviendas-y-locales.csv">
          <Download aria-hidden />
          {t('settings.units.export')}
        </a>
      </Button>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <FormField id={`${id}-file`} label={t('settings.units.csvFile')}>
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void file.text().then(setText)
              }}
            />
          )}
        </FormField>
        <FormField id={`${id}-text`} label={t('settings.units.csvPaste')}>
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              value={text}
              placeholder="portal;escalera;planta;puerta;tipo;coeficiente"
              onChange={(e) => {
                setText(e.target.value)
              }}
            />
          )}
        </FormField>
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-remove-missing`}
            checked={removeMissing}
            onChange={(e) => {
              setRemoveMissing(e.target.checked)
            }}
          />
          <label htmlFor={`${id}-remove-missing`} className="text-sm">
            {t('units.removeMissing')}
          </label>
        </div>
        {missing && (
          <div role="status" className="rounded-xl border p-3 text-sm">
            <p className="font-semibold">{t('units.missing', { count: missing.units.length })}</p>
            <p className="text-muted-foreground">{t(missing.removed ? 'units.missingKept' : 'units.missingHint')}</p>
            <ul className="list-disc pl-5">
              {missing.units.map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          </div>
        )}
        {lines.length > 0 && (
          <div role="alert" className="rounded-xl border border-destructive p-3 text-sm">
            <p className="font-semibold">{t('settings.units.csvErrors')}</p>
            <ul className="list-disc pl-5">
              {lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        )}
        <Button type="submit" className="self-start" disabled={!text.trim() || imp.isPending} aria-busy={imp.isPending}>
          <Upload aria-hidden />
          {t('settings.units.import')}
        </Button>
      </form>
    </section>
  )
}
