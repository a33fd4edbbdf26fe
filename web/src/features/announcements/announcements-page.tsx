import { Megaphone, Users } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ListPage, ListTitle, ListToolbar, NewButton, PagedList, type DrawerState } from '@/components/list-page'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useDebounced } from '@/lib/use-debounced'
import { useDeleteAnnouncement } from './api/delete-announcement'
import { useAnnouncements, type Announcement } from './api/list-announcements'
import { useReadAnnouncement } from './api/read-announcement'
import { AnnouncementCard } from './components/announcement-card'
import { AnnouncementDetailDialog } from './components/announcement-detail-dialog'
import {
  activeFilterCount,
  AnnouncementFiltersSheet,
  NO_FILTERS,
  toQuery,
  type AnnouncementFilterValues,
} from './components/announcement-filters'
import { AnnouncementFormDialog } from './components/announcement-form-dialog'

/** 'Tablón de anuncios': search, filters, the board, and the detail, create/edit and delete dialogs. */
export function AnnouncementsPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const isAdmin = user?.role === 'admin'
  const hasCommunity = Boolean(user?.communityId)
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [filters, setFilters] = useState<AnnouncementFilterValues>(NO_FILTERS)
  // The form: closed (undefined), creating (null) or editing an announcement.
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined)
  const [viewingId, setViewingId] = useState<string | undefined>(undefined)
  const [deleting, setDeleting] = useState<Announcement | undefined>(undefined)

  const announcements = useAnnouncements(toQuery(filters, q), hasCommunity)
  const read = useReadAnnouncement()
  const remove = useDeleteAnnouncement()
  // The receipts posted from this screen: a double tap (or a second opening) posts once.
  const posted = useRef(new Set<string>())

  const noCommunity = !hasCommunity || (announcements.error instanceof ApiError && announcements.error.status === 403)

  useEffect(() => {
    if (announcements.isError && !noCommunity) {
      toast.error(t('common.error'), { description: t('announcements.toasts.loadError') })
    }
  }, [announcements.isError, noCommunity, t])

  const items = announcements.data?.pages.flatMap((page) => page.items ?? []) ?? []
  const viewing = viewingId ? items.find((a) => a.id === viewingId) : undefined
  const filterCount = activeFilterCount(filters)
  const filtered = q !== '' || filterCount > 0

  const open = (announcement: Announcement) => {
    setViewingId(announcement.id)
    if (announcement.isRead || posted.current.has(announcement.id)) return
    posted.current.add(announcement.id)
    read.mutate(announcement.id, {
      onError: () => {
        // Let a later opening try again.
        posted.current.delete(announcement.id)
      },
    })
  }

  const startCreating = () => {
    setEditing(null)
  }
  const filterDrawer = (drawer: DrawerState) => (
    <AnnouncementFiltersSheet {...drawer} value={filters} onChange={setFilters} />
  )

  const card = (announcement: Announcement) => (
    <AnnouncementCard
      announcement={announcement}
      onOpen={() => {
        open(announcement)
      }}
    />
  )

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('announcements.toasts.deleted'), { duration: 2000 })
        setDeleting(undefined)
        setViewingId(undefined)
      },
      onError: () => {
        toast.error(t('common.error'), { description: t('announcements.toasts.deleteError') })
      },
    })
  }

  if (noCommunity) {
    return (
      <ListPage>
        <ListTitle section="announcements" />
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <Users className="size-10" aria-hidden />
          <p>{t('announcements.noCommunity')}</p>
        </div>
      </ListPage>
    )
  }

  return (
    <ListPage>
      {/* Unlike the other lists, the create button (admins only) stands beside both title lines. */}
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <ListTitle section="announcements" />
          <p className="text-muted-foreground">{t('announcements.subtitle')}</p>
        </div>
        {isAdmin && <NewButton section="announcements" className="shrink-0" onClick={startCreating} />}
      </header>
      <ListToolbar section="announcements" search={search} onSearchChange={setSearch} filterCount={filterCount} drawer={filterDrawer} />
      <PagedList section="announcements" query={announcements} items={items} filtered={filtered} emptyIcon={Megaphone} renderItem={card} />

      <AnnouncementDetailDialog
        announcement={viewing}
        onOpenChange={(isOpen) => {
          if (!isOpen) setViewingId(undefined)
        }}
        onEdit={(announcement) => {
          setViewingId(undefined)
          setEditing(announcement)
        }}
        onDelete={(announcement) => {
          setDeleting(announcement)
        }}
      />
      {isAdmin && (
        <AnnouncementFormDialog
          open={editing !== undefined}
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditing(undefined)
          }}
          announcement={editing ?? undefined}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(undefined)
        }}
        title={t('announcements.deleteDialog.title')}
        description={t('announcements.deleteDialog.description')}
        cancelLabel={t('announcements.cancel')}
        confirmLabel={t('announcements.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </ListPage>
  )
}
