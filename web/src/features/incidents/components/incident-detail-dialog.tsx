import { ArrowRight, ClipboardList } from 'lucide-react'
import { useNavigate } from 'react-router'
import { DetailActions } from '@/components/item-actions'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { useIncidentCost } from '@/lib/incident-cost'
import { useCreateTask, useTaskSummary } from '@/lib/tasks'
import { useIncident } from '../api/get-incident'
import type { Incident, IncidentStatus } from '../api/list-incidents'
import { STATUSES } from '../lib/labels'
import { PriorityBadge, StatusBadge } from './incident-badges'

interface IncidentDetailDialogProps {
  /** The incident as the list has it (shown at once); the detail call adds the status history. */
  incident: Incident | undefined
  onOpenChange: (open: boolean) => void
  onEdit: (incident: Incident) => void
  onDelete: (incident: Incident) => void
}

function isStatus(value: string | null): value is IncidentStatus {
  return STATUSES.some((s) => s === value)
}

/** An incident in full, with who changed its status, when, and from what to what. */
export function IncidentDetailDialog({ incident, onOpenChange, onEdit, onDelete }: IncidentDetailDialogProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const detail = useIncident(incident?.id)
  // What it cost (issue #37): its expenses, for its admins and owners; a tenant's refusal shows nothing.
  const cost = useIncidentCost(incident?.id)
  const shown = detail.data ?? incident
  const editable = shown ? shown.canEdit && shown.deletedAt === null : false
  const statusLabel = (s: string | null) => (isStatus(s) ? t(`incidents.status.${s}`) : '')
  // 'Crear tarea' (issue #16): for those who may manage tasks; the task links back to the incident.
  const taskAccess = useTaskSummary(incident !== undefined)
  const createTask = useCreateTask()
  const navigate = useNavigate()
  const makeTask = (from: Incident) => {
    createTask.mutate(
      { title: from.title, description: from.description, assignee: 'janitor', priority: from.priority, incidentId: from.id },
      {
        onSuccess: () => {
          toast.success(t('tasks.fromIncident.created'))
          void navigate('/tasks')
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  return (
    <Dialog open={incident !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {shown && (
          <>
            <DialogHeader>
              <div className="flex flex-wrap gap-1.5">
                <StatusBadge status={shown.status} />
                <PriorityBadge priority={shown.priority} />
                {shown.deletedAt && <Badge variant="destructive">{t('incidents.deleted')}</Badge>}
              </div>
              <DialogTitle className="break-words">{shown.title}</DialogTitle>
              <DialogDescription className="whitespace-pre-line break-words text-foreground">
                {shown.description}
              </DialogDescription>
            </DialogHeader>
            {shown.imageUrl && (
              <a href={shown.imageUrl} target="_blank" rel="noreferrer" className="block">
                <img
                  src={shown.imageUrl}
                  alt={t('incidents.image.alt', { title: shown.title })}
                  className="max-h-64 w-full rounded-xl border object-cover"
                />
              </a>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
              {shown.location && (
                <>
                  <dt className="text-muted-foreground">{t('incidents.fields.location')}</dt>
                  <dd className="break-words">{shown.location}</dd>
                </>
              )}
              <dt className="text-muted-foreground">{t('incidents.fields.assignedTo')}</dt>
              <dd>{shown.assignedToName || t('common.user')}</dd>
              <dt className="text-muted-foreground">{t('incidents.fields.createdBy')}</dt>
              <dd>{shown.createdByName || t('common.user')}</dd>
              <dt className="text-muted-foreground">{t('incidents.fields.createdAt')}</dt>
              <dd>{dates.dateTime(shown.createdAt)}</dd>
              {cost.data && cost.data.expenses > 0 && (
                <>
                  <dt className="text-muted-foreground">{t('incidents.fields.cost')}</dt>
                  <dd>{t('incidents.cost', { total: euros(cost.data.totalCents), count: cost.data.expenses })}</dd>
                </>
              )}
            </dl>
            <section aria-labelledby="incident-history">
              <h3 id="incident-history" className="mb-2 text-sm font-semibold">
                {t('incidents.history.title')}
              </h3>
              {detail.isPending ? (
                <Spinner className="size-5" />
              ) : detail.isError ? (
                <p className="text-sm text-destructive">{t('incidents.history.error')}</p>
              ) : (
                <ol className="flex flex-col gap-2 border-l-2 pl-3">
                  {(detail.data.statusHistory ?? []).map((change) => (
                    <li key={`${change.changedAt}-${change.toStatus}`} className="text-sm">
                      <p className="flex flex-wrap items-center gap-1 font-medium">
                        {change.fromStatus === null ? (
                          t('incidents.history.created', { status: statusLabel(change.toStatus) })
                        ) : (
                          <>
                            <span>{statusLabel(change.fromStatus)}</span>
                            <ArrowRight className="size-3.5" aria-label={t('incidents.history.to')} />
                            <span>{statusLabel(change.toStatus)}</span>
                          </>
                        )}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {t('incidents.history.by', {
                          name: change.changedByName || t('common.user'),
                          date: dates.dateTime(change.changedAt),
                        })}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            {taskAccess.data?.canManage && shown.deletedAt === null && shown.status !== 'resolved' && (
              <Button
                variant="outline"
                className="self-start"
                disabled={createTask.isPending}
                onClick={() => {
                  makeTask(shown)
                }}
              >
                <ClipboardList aria-hidden />
                {t('tasks.fromIncident.create')}
              </Button>
            )}
            {editable && (
              <DetailActions section="incidents" item={shown} onEdit={onEdit} onDelete={onDelete} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
