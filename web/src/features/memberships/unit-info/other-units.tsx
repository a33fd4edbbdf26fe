import { useId, useMemo, useState } from 'react'
import { FormButtons } from '@/components/form-buttons'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useOwnCommunityUnits, type CommunityUnit } from '@/lib/units'
import { useAddMyUnit, useMyUnits, useRemoveMyUnit, type UnitRelation } from '../api/my-units'

/** What a member may say about a further unit, the most common first; owning it is a claim an admin confirms. */
const RELATIONS: UnitRelation[] = ['resident', 'tenant', 'family', 'owner']

/** A registry unit as people read it: 'Portal 1 · 2º B' (a generated name already says its floor). */
function unitLabel(u: CommunityUnit): string {
  const parts = [u.building, u.floor && !u.unitNumber.startsWith(`${u.floor} `) ? u.floor : null].filter((p): p is string => Boolean(p))
  return [...parts, u.unitNumber].join(' · ')
}

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
}

/**
 * 'Mis otras viviendas': a member's further units (a garage, a second flat), each pending until an admin
 * (or level-2 verification) confirms it, with adding one from the registry and removing one.
 */
export function OtherUnits({ communityId }: { communityId: string }) {
  const { t } = useTranslation()
  const units = useMyUnits()
  const remove = useRemoveMyUnit()
  const [adding, setAdding] = useState(false)
  const others = (units.data ?? []).filter((u) => !u.primary)

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('memberships.unit.others.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {units.isPending ? (
          <Spinner className="size-6" />
        ) : units.isError ? (
          <p className="text-destructive">{problemMessage(units.error, t)}</p>
        ) : others.length === 0 ? (
          <p className="text-muted-foreground">{t('memberships.unit.others.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('memberships.unit.others.title')}>
            {others.map((u) => (
              <li key={u.unitId} className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 break-words font-medium">{u.label}</span>
                <span className="text-sm text-muted-foreground">{t(`units.relation.${u.relation}`)}</span>
                <Badge variant={u.confirmed ? 'green' : 'orange'}>
                  {u.confirmed ? t('memberships.unit.others.confirmed') : t('memberships.unit.others.pending')}
                </Badge>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('memberships.unit.others.removeLabel', { unit: u.label })}
                  onClick={() => {
                    remove.mutate(u.unitId, {
                      onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
                    })
                  }}
                >
                  {t('memberships.unit.others.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {adding ? (
          <AddUnit
            communityId={communityId}
            taken={new Set((units.data ?? []).map((u) => u.unitId))}
            onDone={() => {
              setAdding(false)
            }}
          />
        ) : (
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              setAdding(true)
            }}
          >
            {t('memberships.unit.others.add')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function AddUnit({ communityId, taken, onDone }: { communityId: string; taken: Set<string>; onDone: () => void }) {
  const { t } = useTranslation()
  const registry = useOwnCommunityUnits(communityId)
  const add = useAddMyUnit()
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<string | null>(null)
  const [relation, setRelation] = useState<UnitRelation>('resident')
  const searchId = useId()
  const matches = useMemo(() => {
    // Every word typed must appear, in any order: 'portal 2 1º b' finds 'Portal 2 · 1º B'.
    const words = fold(search).split(/\s+/).filter(Boolean)
    return (registry.data ?? [])
      .filter((u) => !taken.has(u.id) && words.every((w) => fold(unitLabel(u)).includes(w)))
      .slice(0, 50)
  }, [registry.data, search, taken])

  return (
    <form
      className="flex flex-col gap-3 rounded-md border p-3"
      aria-label={t('memberships.unit.others.add')}
      onSubmit={(e) => {
        e.preventDefault()
        if (!picked) {
          toast.error(t('common.validationError'), { description: t('memberships.unit.others.pick') })
          return
        }
        add.mutate(
          { unitId: picked, relation },
          {
            onSuccess: () => {
              toast.success(t('settings.saved'), { description: t('memberships.unit.others.added') })
              onDone()
            },
            onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
          },
        )
      }}
    >
      <label htmlFor={searchId} className="text-sm font-medium">
        {t('memberships.unit.others.search')}
      </label>
      <Input
        id={searchId}
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value)
        }}
      />
      {registry.isPending ? (
        <Spinner className="size-6" />
      ) : registry.isError ? (
        <p className="text-destructive">{problemMessage(registry.error, t)}</p>
      ) : matches.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('memberships.unit.others.noMatches')}</p>
      ) : (
        <fieldset className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          <legend className="sr-only">{t('memberships.unit.others.pick')}</legend>
          {matches.map((u) => (
            <label key={u.id} className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="radio"
                name="other-unit"
                value={u.id}
                checked={picked === u.id}
                onChange={() => {
                  setPicked(u.id)
                }}
                className="size-4 accent-primary"
              />
              {unitLabel(u)}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('units.claimAs')}</legend>
        {RELATIONS.map((r) => (
          <label key={r} className="flex cursor-pointer items-center gap-2 py-1 text-sm">
            <input
              type="radio"
              name="other-unit-relation"
              value={r}
              checked={relation === r}
              onChange={() => {
                setRelation(r)
              }}
              className="size-4 accent-primary"
            />
            {t(`units.claimRelation.${r}`)}
          </label>
        ))}
      </fieldset>
      <FormButtons submit={t('memberships.unit.others.confirmAdd')} pending={add.isPending} onCancel={onDone} />
    </form>
  )
}
