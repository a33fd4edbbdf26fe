import { ClipboardCheck, Plus } from 'lucide-react'
import { useState } from 'react'
import { ListPage } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useDeleteMaintenance, useMaintenance, type MaintenanceItem } from './api/maintenance'
import { DoneDialog } from './components/done-dialog'
import { ItemCard } from './components/item-card'
import { ItemFormDialog } from './components/item-form-dialog'

/** /maintenance: the building's upkeep and legal inspections, the soonest due first; admins keep the list. */
export function MaintenancePage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const isAdmin = user?.role === 'admin'
  const list = useMaintenance()
  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<MaintenanceItem>()
  const [marking, setMarking] = useState<MaintenanceItem>()
  const [deleting, setDeleting] = useState<MaintenanceItem>()
  const remove = useDeleteMaintenance()
  const today = list.data?.today ?? ''
  const items = list.data?.items ?? []

  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{t('maintenance.title')}</h1>
          {isAdmin && list.isSuccess && (
            <Button
              onClick={() => {
                setEditing(undefined)
                setFormOpen(true)
              }}
            >
              <Plus aria-hidden />
              {t('maintenance.add')}
            </Button>
          )}
        </div>
        <p className="text-muted-foreground">{t('maintenance.subtitle')}</p>
      </header>

      {list.isPending ? (
        <div role="status" aria-label={t('maintenance.loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 rounded-2xl" />
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-muted-foreground">{problemMessage(list.error, t)}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <ClipboardCheck className="size-10" aria-hidden />
          <p className="font-medium text-foreground">{t('maintenance.empty')}</p>
          {isAdmin && <p className="text-sm">{t('maintenance.emptyAdmin')}</p>}
        </div>
      ) : (
        <ul aria-label={t('maintenance.listLabel')} className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.id}>
              <ItemCard
                item={item}
                isAdmin={isAdmin}
                onDone={() => {
                  setMarking(item)
                }}
                onEdit={() => {
                  setEditing(item)
                  setFormOpen(true)
                }}
                onDelete={() => {
                  setDeleting(item)
                }}
              />
            </li>
          ))}
        </ul>
      )}

      {isAdmin && list.isSuccess && (
        <>
          <ItemFormDialog open={formOpen} onOpenChange={setFormOpen} today={today} item={editing} />
          <DoneDialog
            item={marking}
            today={today}
            onOpenChange={(open) => {
              if (!open) setMarking(undefined)
            }}
          />
          <ConfirmDialog
            open={deleting !== undefined}
            onOpenChange={(open) => {
              if (!open) setDeleting(undefined)
            }}
            title={t('maintenance.deleteTitle', { name: deleting?.name ?? '' })}
            description={t('maintenance.deleteDescription')}
            cancelLabel={t('common.cancel')}
            confirmLabel={t('maintenance.actions.delete')}
            pending={remove.isPending}
            onConfirm={() => {
              if (!deleting) return
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast.success(t('maintenance.toasts.deleted'))
                  setDeleting(undefined)
                },
                onError: (err) => {
                  toast.error(t('common.error'), { description: problemMessage(err, t) })
                },
              })
            }}
          />
        </>
      )}
    </ListPage>
  )
}
