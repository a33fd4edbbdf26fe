import { LoaderCircle, Plus, Search, SlidersHorizontal, TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Input } from '@/components/ui/input'
import { Segmented } from '@/components/ui/segmented'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useDebounced } from '@/lib/use-debounced'
import { useDeleteIncident } from './api/delete-incident'
import { useIncidents, type Incident } from './api/list-incidents'
import { useMembers } from './api/list-members'
import { IncidentCard } from './components/incident-card'
import { IncidentDetailDialog } from './components/incident-detail-dialog'
import { activeFilterCount, IncidentFilters, NO_FILTERS, type IncidentFilterValues } from './components/incident-filters'
import { IncidentFormDialog } from './components/incident-form-dialog'

type Scope = 'all' | 'mine'

/** 'Incidencias': search, filters, mine/all, the list, and the create/edit, detail and delete dialogs. */
export function IncidentsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [scope, setScope] = useState<Scope>('all')
  const [filters, setFilters] = useState<IncidentFilterValues>(NO_FILTERS)
  const [filtersOpen, setFiltersOpen] = useState(false)
  // The form: closed, creating (null) or editing an incident.
  const [editing, setEditing] = useState<Incident | null | undefined>(undefined)
  const [viewing, setViewing] = useState<Incident | undefined>(undefined)
  const [deleting, setDeleting] = useState<Incident | undefined>(undefined)

  const incidents = useIncidents({
    q: q || undefined,
    mine: scope === 'mine' ? true : undefined,
    status: filters.status,
    priority: filters.priority,
    assignedTo: filters.assignedTo,
    createdBy: filters.createdBy,
    includeDeleted: filters.includeDeleted || undefined,
  })
  const members = useMembers()
  const remove = useDeleteIncident()

  useEffect(() => {
    if (incidents.isError) toast.error(t('common.error'), { description: t('incidents.toasts.loadError') })
  }, [incidents.isError, t])
  useEffect(() => {
    if (members.isError) toast.error(t('common.error'), { description: t('incidents.toasts.membersError') })
  }, [members.isError, t])

  const items = incidents.data?.pages.flatMap((page) => page.items ?? []) ?? []
  const filtered = q !== '' || scope === 'mine' || activeFilterCount(filters) > 0
  const filterCount = activeFilterCount(filters)

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('incidents.toasts.deleted'), { description: t('incidents.toasts.deletedDescription'), duration: 2000 })
        setDeleting(undefined)
        setViewing(undefined)
      },
      onError: (err) => {
        const detail = err instanceof Error && err.message ? err.message : t('incidents.toasts.deleteError')
        toast.error(t('common.error'), { description: detail })
      },
    })
  }

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{t('incidents.title')}</h1>
          <Button
            onClick={() => {
              setEditing(null)
            }}
          >
            <Plus aria-hidden />
            {t('incidents.new')}
          </Button>
        </div>
        <p className="text-muted-foreground">{t('incidents.subtitle')}</p>
      </header>

      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value)
            }}
            placeholder={t('incidents.searchPlaceholder')}
            aria-label={t('incidents.searchLabel')}
            className="pl-9"
          />
        </div>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          onClick={() => {
            setFiltersOpen(true)
          }}
          aria-label={filterCount > 0 ? t('incidents.filters.openWithCount', { count: filterCount }) : t('incidents.filters.open')}
        >
          <SlidersHorizontal aria-hidden />
          {filterCount > 0 && (
            <span className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-[0.65rem] text-primary-foreground">
              {filterCount}
            </span>
          )}
        </Button>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <Segmented
          className="w-full"
          label={t('incidents.scope.label')}
          value={scope}
          onValueChange={setScope}
          options={[
            { value: 'mine', label: t('incidents.scope.mine') },
            { value: 'all', label: t('incidents.scope.all') },
          ]}
        />
      </div>

      {incidents.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
          <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden />
          {t('incidents.loading')}
        </p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <TriangleAlert className="size-10" aria-hidden />
          <p>{filtered ? t('incidents.emptySearch') : t('incidents.empty')}</p>
          {incidents.isError && (
            <Button variant="outline" onClick={() => void incidents.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('incidents.listLabel')}>
            {items.map((incident) => (
              <li key={incident.id}>
                <IncidentCard
                  incident={incident}
                  onOpen={() => {
                    setViewing(incident)
                  }}
                  onEdit={() => {
                    setEditing(incident)
                  }}
                  onDelete={() => {
                    setDeleting(incident)
                  }}
                />
              </li>
            ))}
          </ul>
          {incidents.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              disabled={incidents.isFetchingNextPage}
              onClick={() => void incidents.fetchNextPage()}
            >
              {incidents.isFetchingNextPage && <Spinner className="size-4" />}
              {t('incidents.loadMore')}
            </Button>
          )}
        </>
      )}

      <IncidentFilters
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        value={filters}
        onChange={setFilters}
        members={members.data ?? []}
      />
      <IncidentFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined)
        }}
        incident={editing ?? undefined}
        members={members.data ?? []}
      />
      <IncidentDetailDialog
        incident={viewing}
        onOpenChange={(open) => {
          if (!open) setViewing(undefined)
        }}
        onEdit={(incident) => {
          setViewing(undefined)
          setEditing(incident)
        }}
        onDelete={(incident) => {
          setDeleting(incident)
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined)
        }}
        title={t('incidents.deleteDialog.title')}
        description={t('incidents.deleteDialog.description')}
        cancelLabel={t('incidents.cancel')}
        confirmLabel={t('incidents.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </main>
  )
}
