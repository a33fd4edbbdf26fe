import { ClipboardList, Plus, UserCog } from 'lucide-react'
import { useState } from 'react'
import { ListPage } from '@/components/list-page'
import { SearchInput } from '@/components/search-input'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useTaskSummary } from '@/lib/tasks'
import { useDebounced } from '@/lib/use-debounced'
import { cn } from '@/lib/utils'
import {
  ASSIGNEES,
  STATUSES,
  nextStatus,
  useDeleteTask,
  useResolveIncident,
  useTasks,
  useUpdateTask,
  type Task,
  type TaskAssignee,
  type TaskStatus,
} from './api/tasks'
import { EditorsDialog } from './components/editors-dialog'
import { TaskCard } from './components/task-card'
import { TaskFormDialog } from './components/task-form-dialog'

/** /tasks: the counters, search and filters, and the community's tasks. */
export function TasksPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const isAdmin = user?.role === 'admin'
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [status, setStatus] = useState<TaskStatus | ''>('')
  const [assignee, setAssignee] = useState<TaskAssignee | ''>('')
  const summary = useTaskSummary()
  const tasks = useTasks({ ...(q ? { q } : {}), ...(status ? { status } : {}), ...(assignee ? { assignee } : {}) })
  const canManage = summary.data?.canManage ?? false
  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<Task>()
  const [deleting, setDeleting] = useState<Task>()
  const [resolving, setResolving] = useState<Task>()
  const [editorsOpen, setEditorsOpen] = useState(false)
  const update = useUpdateTask()
  const remove = useDeleteTask()
  const resolve = useResolveIncident()
  const items = tasks.data?.pages.flatMap((p) => p.items ?? []) ?? []
  const failed = (err: unknown) => {
    toast.error(t('common.error'), { description: problemMessage(err, t) })
  }

  const step = (task: Task) => {
    const to = nextStatus(task.status)
    update.mutate(
      { id: task.id, body: { status: to } },
      {
        onSuccess: (saved) => {
          toast.success(t(`tasks.toasts.${to}`))
          if (to === 'completed' && saved.incidentId && saved.incidentStatus !== 'resolved') setResolving(saved)
        },
        onError: failed,
      },
    )
  }

  const counters: { label: string; value: number | undefined }[] = [
    { label: t('tasks.counters.pending'), value: summary.data?.pending },
    { label: t('tasks.counters.inProgress'), value: summary.data?.inProgress },
    { label: t('tasks.counters.completed'), value: summary.data?.completed },
  ]

  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{t('tasks.title')}</h1>
          {canManage && (
            <Button
              onClick={() => {
                setEditing(undefined)
                setFormOpen(true)
              }}
            >
              <Plus aria-hidden />
              {t('tasks.new')}
            </Button>
          )}
        </div>
        <p className="text-muted-foreground">{t('tasks.subtitle')}</p>
      </header>
      {isAdmin && (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => {
            setEditorsOpen(true)
          }}
        >
          <UserCog aria-hidden />
          {t('tasks.editors.open')}
        </Button>
      )}

      <dl className="grid grid-cols-3 gap-2">
        {counters.map((c) => (
          <div key={c.label} className="flex flex-col rounded-2xl border bg-card p-3 text-center shadow-sm">
            <dt className="order-last text-xs text-muted-foreground">{c.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{c.value ?? '–'}</dd>
          </div>
        ))}
      </dl>

      <SearchInput value={search} onValueChange={setSearch} label={t('tasks.searchLabel')} placeholder={t('tasks.searchPlaceholder')} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="tasks-status"
          label={t('tasks.filters.status')}
          emptyOption={t('tasks.filters.allStatuses')}
          options={STATUSES.map((value) => ({ value, label: t(`tasks.status.${value}`) }))}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TaskStatus | '')
          }}
        />
        <SelectField
          id="tasks-assignee"
          label={t('tasks.filters.assignee')}
          emptyOption={t('tasks.filters.allAssignees')}
          options={ASSIGNEES.map((value) => ({ value, label: t(`tasks.assignees.${value}`) }))}
          value={assignee}
          onChange={(e) => {
            setAssignee(e.target.value as TaskAssignee | '')
          }}
        />
      </div>

      {tasks.isPending ? (
        <div role="status" aria-label={t('tasks.loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 rounded-2xl" />
          ))}
        </div>
      ) : tasks.isError ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-muted-foreground">{problemMessage(tasks.error, t)}</p>
          <Button variant="outline" onClick={() => void tasks.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <ClipboardList className="size-10" aria-hidden />
          <p>{q || status || assignee ? t('tasks.noResults') : t('tasks.empty')}</p>
        </div>
      ) : (
        <ul aria-label={t('tasks.listLabel')} className={cn('flex flex-col gap-3', tasks.isFetching && 'opacity-80')}>
          {items.map((task) => (
            <li key={task.id}>
              <TaskCard
                task={task}
                canManage={canManage}
                pending={update.isPending}
                onStep={step}
                onEdit={(x) => {
                  setEditing(x)
                  setFormOpen(true)
                }}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      )}
      {tasks.hasNextPage && (
        <Button variant="outline" disabled={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
          {t('tasks.loadMore')}
        </Button>
      )}

      <TaskFormDialog open={formOpen} onOpenChange={setFormOpen} task={editing} />
      <EditorsDialog open={editorsOpen} onOpenChange={setEditorsOpen} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined)
        }}
        title={t('tasks.deleteTitle')}
        description={t('tasks.deleteDescription', { title: deleting?.title ?? '' })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('tasks.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('tasks.toasts.deleted'))
              setDeleting(undefined)
            },
            onError: failed,
          })
        }}
      />
      <Dialog
        open={resolving !== undefined}
        onOpenChange={(open) => {
          if (!open) setResolving(undefined)
        }}
      >
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t('tasks.resolve.title')}</DialogTitle>
            <DialogDescription>{t('tasks.resolve.description', { title: resolving?.incidentTitle ?? '' })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button
              variant="ghost"
              onClick={() => {
                setResolving(undefined)
              }}
            >
              {t('tasks.resolve.no')}
            </Button>
            <Button
              disabled={resolve.isPending}
              onClick={() => {
                if (!resolving?.incidentId) return
                resolve.mutate(resolving.incidentId, {
                  onSuccess: () => {
                    toast.success(t('tasks.resolve.done'))
                    setResolving(undefined)
                  },
                  onError: failed,
                })
              }}
            >
              {t('tasks.resolve.yes')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </ListPage>
  )
}
