import { LoaderCircle, Megaphone, Plus, Search, SlidersHorizontal, Users } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
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
  const [filtersOpen, setFiltersOpen] = useState(false)
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
      <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
        <h1 className="text-2xl font-bold tracking-tight">{t('announcements.title')}</h1>
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <Users className="size-10" aria-hidden />
          <p>{t('announcements.noCommunity')}</p>
        </div>
      </main>
    )
  }

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('announcements.title')}</h1>
          <p className="text-muted-foreground">{t('announcements.subtitle')}</p>
        </div>
        {isAdmin && (
          <Button
            className="shrink-0"
            onClick={() => {
              setEditing(null)
            }}
          >
            <Plus aria-hidden />
            {t('announcements.new')}
          </Button>
        )}
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
            placeholder={t('announcements.searchPlaceholder')}
            aria-label={t('announcements.searchLabel')}
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
          aria-label={
            filterCount > 0 ? t('announcements.filters.openWithCount', { count: filterCount }) : t('announcements.filters.open')
          }
        >
          <SlidersHorizontal aria-hidden />
          {filterCount > 0 && (
            <span className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-primary text-[0.65rem] text-primary-foreground">
              {filterCount}
            </span>
          )}
        </Button>
      </div>

      {announcements.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
          <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden />
          {t('announcements.loading')}
        </p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <Megaphone className="size-10" aria-hidden />
          <p>{filtered ? t('announcements.emptySearch') : t('announcements.empty')}</p>
          {announcements.isError && (
            <Button variant="outline" onClick={() => void announcements.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('announcements.listLabel')}>
            {items.map((announcement) => (
              <li key={announcement.id}>
                <AnnouncementCard
                  announcement={announcement}
                  onOpen={() => {
                    open(announcement)
                  }}
                />
              </li>
            ))}
          </ul>
          {announcements.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              disabled={announcements.isFetchingNextPage}
              onClick={() => void announcements.fetchNextPage()}
            >
              {announcements.isFetchingNextPage && <Spinner className="size-4" />}
              {t('announcements.loadMore')}
            </Button>
          )}
        </>
      )}

      <AnnouncementFiltersSheet open={filtersOpen} onOpenChange={setFiltersOpen} value={filters} onChange={setFilters} />
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
    </main>
  )
}
