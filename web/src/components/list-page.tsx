import { LoaderCircle, Plus, SlidersHorizontal, type LucideIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { SearchInput } from '@/components/search-input'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useTranslation } from '@/lib/i18n'

/**
 * The community's lists. Their texts share one layout in the locale files (`title`, `subtitle`, `new`,
 * `searchLabel`, `loading`, `empty`, `filters.open`, …), so the pieces below take the section, not the strings.
 */
export type ListSection = 'incidents' | 'events' | 'announcements' | 'documents'

/** The phone-width column a list screen lives in. */
export function ListPage({ children }: { children: ReactNode }) {
  return <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">{children}</main>
}

/** The title with the create button beside it and the subtitle underneath. */
export function ListHeader({ section, onNew }: { section: ListSection; onNew: () => void }) {
  const { t } = useTranslation()
  return (
    <header className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <ListTitle section={section} />
        <NewButton section={section} onClick={onNew} />
      </div>
      <p className="text-muted-foreground">{t(`${section}.subtitle`)}</p>
    </header>
  )
}

/** The screen's heading (level 1). */
export function ListTitle({ section }: { section: ListSection }) {
  const { t } = useTranslation()
  return <h1 className="text-2xl font-bold tracking-tight">{t(`${section}.title`)}</h1>
}

/** 'Nueva Incidencia', 'Nuevo Evento', …: opens the create form. */
export function NewButton({ section, onClick, className }: { section: ListSection; onClick: () => void; className?: string }) {
  const { t } = useTranslation()
  return (
    <Button className={className} onClick={onClick}>
      <Plus aria-hidden />
      {t(`${section}.new`)}
    </Button>
  )
}

/** The open state of a filter drawer, as its Sheet takes it. */
export interface DrawerState {
  open: boolean
  onOpenChange: (open: boolean) => void
}

interface ListToolbarProps {
  section: ListSection
  search: string
  onSearchChange: (search: string) => void
  /** How many filters are set: a badge on the button, and part of its name. */
  filterCount: number
  /** The filter drawer the button opens, given its open state. */
  drawer: (state: DrawerState) => ReactNode
}

/** The search box and the filter button, which holds the open state of the drawer it opens (nothing else needs it). */
export function ListToolbar({ section, search, onSearchChange, filterCount, drawer }: ListToolbarProps) {
  const { t } = useTranslation()
  const [filtersOpen, setFiltersOpen] = useState(false)
  return (
    <div className="flex gap-2">
      <SearchInput
        className="min-w-0 flex-1"
        value={search}
        onValueChange={onSearchChange}
        label={t(`${section}.searchLabel`)}
        placeholder={t(`${section}.searchPlaceholder`)}
      />
      <Button
        variant="outline"
        size="icon"
        className="relative"
        onClick={() => {
          setFiltersOpen(true)
        }}
        aria-label={filterCount > 0 ? t(`${section}.filters.openWithCount`, { count: filterCount }) : t(`${section}.filters.open`)}
      >
        <SlidersHorizontal aria-hidden />
        {filterCount > 0 && (
          <span className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-[0.65rem] text-primary-foreground">
            {filterCount}
          </span>
        )}
      </Button>
      {drawer({ open: filtersOpen, onOpenChange: setFiltersOpen })}
    </div>
  )
}

/** The first load: a spinner and a status that screen readers announce. */
export function ListLoading({ section }: { section: ListSection }) {
  const { t } = useTranslation()
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
      <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden />
      {t(`${section}.loading`)}
    </p>
  )
}

interface ListEmptyProps {
  section: ListSection
  /** A search or a filter is set: 'No se encontraron …' rather than 'No hay …'. */
  filtered: boolean
  icon?: LucideIcon
  /** Offered after a failed load, which leaves the list empty too. */
  onRetry?: () => void
}

/** The list has nothing to show: nothing yet, or nothing that matches. */
export function ListEmpty({ section, filtered, icon: Icon, onRetry }: ListEmptyProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
      {Icon && <Icon className="size-10" aria-hidden />}
      <p>{filtered ? t(`${section}.emptySearch`) : t(`${section}.empty`)}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  )
}

/** What PagedList needs of an infinite query. */
interface PagedQuery {
  isPending: boolean
  isError: boolean
  refetch: () => Promise<unknown>
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

interface PagedListProps<T> {
  section: Exclude<ListSection, 'events'>
  query: PagedQuery
  /** The pages loaded so far, flattened. */
  items: readonly T[]
  filtered: boolean
  emptyIcon: LucideIcon
  renderItem: (item: T) => ReactNode
}

/** A list loaded page by page: the loading and empty states, the labelled list and 'Cargar más'. */
export function PagedList<T extends { id: string }>({ section, query, items, filtered, emptyIcon, renderItem }: PagedListProps<T>) {
  const { t } = useTranslation()
  if (query.isPending) return <ListLoading section={section} />
  if (items.length === 0) {
    const retry = () => void query.refetch()
    return <ListEmpty section={section} filtered={filtered} icon={emptyIcon} onRetry={query.isError ? retry : undefined} />
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={t(`${section}.listLabel`)}>
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage && <Spinner className="size-4" />}
          {t(`${section}.loadMore`)}
        </Button>
      )}
    </>
  )
}

/** What QueryList needs of a query that loads the whole list at once. */
interface WholeQuery<T> {
  isPending: boolean
  isError: boolean
  data: readonly T[] | undefined
  refetch: () => Promise<unknown>
}

/** The lists loaded whole, whose sections have `loading`, `loadError`, `empty` and `listLabel`. */
export type WholeListSection = 'juntas' | 'voting'

interface QueryListProps<T> {
  section: WholeListSection
  query: WholeQuery<T>
  emptyIcon: LucideIcon
  /** The space between items (Tailwind gap class). */
  gap?: string
  renderItem: (item: T) => ReactNode
}

/** A list loaded whole: its first load, its failure with 'Reintentar', its emptiness, then the labelled list. */
export function QueryList<T extends { id: string }>({ section, query, emptyIcon: Icon, gap = 'gap-3', renderItem }: QueryListProps<T>) {
  const { t } = useTranslation()
  if (query.isPending) return <p role="status">{t(`${section}.loading`)}</p>
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-8 text-center">
        <p>{t(`${section}.loadError`)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    )
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
        <Icon className="size-10" aria-hidden />
        <p>{t(`${section}.empty`)}</p>
      </div>
    )
  }
  return (
    <ul className={`flex flex-col ${gap}`} aria-label={t(`${section}.listLabel`)}>
      {query.data.map((item) => (
        <li key={item.id}>{renderItem(item)}</li>
      ))}
    </ul>
  )
}
