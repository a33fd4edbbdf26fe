import { TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ListHeader, ListPage, ListToolbar, PagedList, type DrawerState } from '@/components/list-page'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Segmented } from '@/components/ui/segmented'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { useMembers } from '@/lib/members'
import { useDebounced } from '@/lib/use-debounced'
import { useDeleteIncident } from './api/delete-incident'
import { useIncidents, type Incident } from './api/list-incidents'
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

  const startCreating = () => {
    setEditing(null)
  }
  const filterDrawer = (drawer: DrawerState) => (
    <IncidentFilters {...drawer} value={filters} onChange={setFilters} members={members.data ?? []} />
  )

  const card = (incident: Incident) => (
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
  )

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
    <ListPage>
      <ListHeader section="incidents" onNew={startCreating} />
      <ListToolbar section="incidents" search={search} onSearchChange={setSearch} filterCount={filterCount} drawer={filterDrawer} />

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

      <PagedList section="incidents" query={incidents} items={items} filtered={filtered} emptyIcon={TriangleAlert} renderItem={card} />

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
    </ListPage>
  )
}
