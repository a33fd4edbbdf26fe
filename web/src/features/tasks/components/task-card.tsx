import { AlertTriangle, CalendarClock, CheckCircle2, Pencil, PlayCircle, Repeat, RotateCcw, Trash2 } from 'lucide-react'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { formatLocalDate } from '@/lib/local-date'
import { cn } from '@/lib/utils'
import { nextStatus, type Task, type TaskPriority, type TaskStatus } from '../api/tasks'

const EDGE: Record<TaskPriority, string> = {
  low: 'border-l-green-500',
  medium: 'border-l-amber-500',
  high: 'border-l-red-500',
}

const STATUS_TONE: Record<TaskStatus, BadgeVariant> = { pending: 'orange', in_progress: 'blue', completed: 'green' }

interface TaskCardProps {
  task: Task
  canManage: boolean
  pending: boolean
  onStep: (task: Task) => void
  onEdit: (task: Task) => void
  onDelete: (task: Task) => void
}

/** A task: its priority is the colour of the left edge; the button moves it on (or reopens it). */
export function TaskCard({ task, canManage, pending, onStep, onEdit, onDelete }: TaskCardProps) {
  const { t, i18n } = useTranslation()
  const titleId = `task-${task.id}`
  const step = nextStatus(task.status)
  const StepIcon = step === 'in_progress' ? PlayCircle : step === 'completed' ? CheckCircle2 : RotateCcw
  const assignee = task.assignee === 'provider' ? task.providerName || t('tasks.assignees.provider') : t(`tasks.assignees.${task.assignee}`)
  return (
    <article
      aria-labelledby={titleId}
      className={cn('flex flex-col gap-2 rounded-2xl border border-l-4 bg-card p-4 shadow-sm', EDGE[task.priority])}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={STATUS_TONE[task.status]}>{t(`tasks.status.${task.status}`)}</Badge>
        <Badge variant="outline">{t('tasks.priorityLabel', { priority: t(`tasks.priorities.${task.priority}`) })}</Badge>
        {task.overdue && (
          <Badge variant="red">
            <AlertTriangle className="size-3" aria-hidden />
            {t('tasks.overdue')}
          </Badge>
        )}
        {task.recurrence !== 'none' && (
          <Badge variant="secondary">
            <Repeat className="size-3" aria-hidden />
            {t(`tasks.recurrences.${task.recurrence}`)}
          </Badge>
        )}
      </div>
      <h2 id={titleId} className={cn('font-semibold break-words', task.status === 'completed' && 'line-through opacity-70')}>
        {task.title}
      </h2>
      {task.description && <p className="text-sm whitespace-pre-line text-muted-foreground">{task.description}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('tasks.fields.assignee')}</dt>
        <dd>{assignee}</dd>
        {task.dueDate && (
          <>
            <dt className="text-muted-foreground">{t('tasks.fields.dueDate')}</dt>
            <dd className="flex items-center gap-1">
              <CalendarClock className="size-3.5" aria-hidden />
              <time dateTime={task.dueDate}>{formatLocalDate(task.dueDate, i18n.language)}</time>
            </dd>
          </>
        )}
        {task.incidentId && (
          <>
            <dt className="text-muted-foreground">{t('tasks.fields.incident')}</dt>
            <dd>
              {task.incidentTitle}
              {task.incidentStatus === 'resolved' && ` · ${t('tasks.incidentResolved')}`}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('tasks.fields.createdBy')}</dt>
        <dd>{task.createdByName || t('common.user')}</dd>
      </dl>
      {canManage && (
        <div className="flex flex-wrap items-center justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => { onEdit(task) }} aria-label={t('tasks.editNamed', { title: task.title })}>
            <Pencil aria-hidden />
            {t('tasks.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10"
            onClick={() => { onDelete(task) }}
            aria-label={t('tasks.deleteNamed', { title: task.title })}
          >
            <Trash2 aria-hidden />
            {t('tasks.delete')}
          </Button>
          <Button
            size="sm"
            variant={step === 'pending' ? 'outline' : 'default'}
            disabled={pending}
            onClick={() => { onStep(task) }}
            aria-label={t(`tasks.step.${step}Named`, { title: task.title })}
          >
            <StepIcon aria-hidden />
            {t(`tasks.step.${step}`)}
          </Button>
        </div>
      )}
    </article>
  )
}
