import { useState } from 'react'
import { Avatar } from '@/components/ui/avatar'
import { Checkbox } from '@/components/ui/checkbox'
import { Spinner } from '@/components/ui/spinner'
import { SearchInput } from '@/components/search-input'
import { useTranslation } from '@/lib/i18n'
import type { Member } from '@/lib/members'
import { cn } from '@/lib/utils'
import { matchesName } from '../lib/format'

interface NeighbourPickerProps {
  neighbours: Member[] | undefined
  isPending: boolean
  isError: boolean
  /** One choice: called with the neighbour picked. */
  onPick?: (member: Member) => void
  /** Several choices: the ticked ids. */
  selected?: ReadonlySet<string>
  onToggle?: (id: string) => void
  disabled?: boolean
  /** The height of the list area (the new-conversation list is 300 px high). */
  listClassName?: string
}

/** 'Buscar vecino...' over the user's neighbours, with a list to pick one or tick several. */
export function NeighbourPicker({
  neighbours,
  isPending,
  isError,
  onPick,
  selected,
  onToggle,
  disabled = false,
  listClassName,
}: NeighbourPickerProps) {
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  const shown = (neighbours ?? []).filter((m) => matchesName(m.fullName, query))

  return (
    <div className="flex flex-col gap-3">
      <SearchInput
        value={query}
        onValueChange={setQuery}
        label={t('messages.searchNeighbour')}
        placeholder={t('messages.searchNeighbour')}
      />
      <div className={cn('h-[300px] overflow-y-auto rounded-xl border', listClassName)}>
        {isPending ? (
          <p className="flex items-center justify-center gap-2 p-6 text-sm text-muted-foreground">
            <Spinner className="size-4" />
            {t('messages.loadingNeighbours')}
          </p>
        ) : isError ? (
          <p className="p-6 text-center text-sm text-destructive">{t('errors.unexpected')}</p>
        ) : shown.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{t('messages.noNeighbours')}</p>
        ) : (
          <ul className="divide-y">
            {shown.map((m) => {
              const name = m.fullName.trim() || t('common.user')
              const row = (
                <>
                  <span aria-hidden className="flex">
                    <Avatar src={m.avatarUrl} name={name} size="sm" />
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
                </>
              )
              return (
                <li key={m.id}>
                  {onToggle ? (
                    <label className="flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted">
                      <Checkbox
                        checked={selected?.has(m.id) ?? false}
                        disabled={disabled}
                        onChange={() => {
                          onToggle(m.id)
                        }}
                      />
                      {row}
                    </label>
                  ) : (
                    <button
                      type="button"
                      disabled={disabled}
                      onClick={() => onPick?.(m)}
                      className={
                        'flex min-h-12 w-full items-center gap-3 px-3 py-2 text-left outline-none hover:bg-muted ' +
                        'focus-visible:bg-muted disabled:opacity-50'
                      }
                    >
                      {row}
                    </button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </div>
  )
}

/** A set of ticked ids with a toggle. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  return {
    selected,
    toggle: (id: string) => {
      setSelected((old) => {
        const next = new Set(old)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      })
    },
    clear: () => {
      setSelected(new Set())
    },
  }
}
