import { TextField } from '@/components/text-field'
import { FormDialog } from '@/components/form-dialog'
import { useState, type SyntheticEvent } from 'react'
import { DateTimeFields } from '@/components/date-time-fields'
import { SelectField } from '@/components/select-field'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useCreateTask } from '@/lib/tasks'
import {
  ASSIGNEES,
  PRIORITIES,
  RECURRENCES,
  useListedProviders,
  useUpdateTask,
  type Task,
  type TaskAssignee,
  type TaskPriority,
  type TaskRecurrence,
} from '../api/tasks'

interface TaskFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The task to edit; undefined to create one. */
  task?: Task
}

/** 'Nueva Tarea' / 'Editar Tarea'. */
export function TaskFormDialog({ open, onOpenChange, task }: TaskFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} section="tasks" editing={task !== undefined}>
      {(close) => <TaskForm task={task} onDone={close} />}
    </FormDialog>
  )
}

function TaskForm({ task, onDone }: { task?: Task; onDone: () => void }) {
  const { t } = useTranslation()
  const [title, setTitle] = useState(task?.title ?? '')
  const [description, setDescription] = useState(task?.description ?? '')
  const [assignee, setAssignee] = useState<TaskAssignee>(task?.assignee ?? 'janitor')
  const [providerId, setProviderId] = useState(task?.providerId ?? '')
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? 'medium')
  const [dueDate, setDueDate] = useState(task?.dueDate ?? '')
  const [recurrence, setRecurrence] = useState<TaskRecurrence>(task?.recurrence ?? 'none')
  const [titleError, setTitleError] = useState<string>()
  const providers = useListedProviders(assignee === 'provider')
  const create = useCreateTask()
  const update = useUpdateTask()

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!title.trim()) {
      setTitleError(t('tasks.validation.title'))
      return
    }
    const body = { title: title.trim(), description: description.trim(), assignee, priority, recurrence }
    const done = {
      onSuccess: () => {
        toast.success(task ? t('tasks.toasts.updated') : t('tasks.toasts.created'))
        onDone()
      },
      onError: (err: unknown) => {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      },
    }
    if (task) {
      update.mutate({ id: task.id, body: { ...body, providerId, dueDate } }, done)
    } else {
      create.mutate({ ...body, ...(providerId ? { providerId } : {}), ...(dueDate ? { dueDate } : {}) }, done)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField id="task-title" label={t('tasks.fields.title')} error={titleError} autoFocus maxLength={200} value={title} onChange={setTitle} />
      <TextField id="task-description" label={t('tasks.fields.description')} optional rows={3} maxLength={5000} value={description} onChange={setDescription} />
      <SelectField
        id="task-assignee"
        label={t('tasks.fields.assignee')}
        options={ASSIGNEES.map((value) => ({ value, label: t(`tasks.assignees.${value}`) }))}
        value={assignee}
        onChange={(e) => {
          setAssignee(e.target.value as TaskAssignee)
        }}
      />
      {assignee === 'provider' && (
        <SelectField
          id="task-provider"
          label={t('tasks.fields.provider')}
          emptyOption={t('tasks.form.chooseProvider')}
          options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={providerId}
          onChange={(e) => {
            setProviderId(e.target.value)
          }}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="task-priority"
          label={t('tasks.fields.priority')}
          options={PRIORITIES.map((value) => ({ value, label: t(`tasks.priorities.${value}`) }))}
          value={priority}
          onChange={(e) => {
            setPriority(e.target.value as TaskPriority)
          }}
        />
        <SelectField
          id="task-recurrence"
          label={t('tasks.fields.recurrence')}
          options={RECURRENCES.map((value) => ({ value, label: t(`tasks.recurrences.${value}`) }))}
          value={recurrence}
          onChange={(e) => {
            setRecurrence(e.target.value as TaskRecurrence)
          }}
        />
      </div>
      <DateTimeFields date={{ id: 'task-due', label: t('tasks.fields.dueDate'), value: dueDate, onChange: setDueDate, optional: true }} />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={create.isPending || update.isPending}>
          {task ? t('tasks.form.update') : t('tasks.form.create')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}
