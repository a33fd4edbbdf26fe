import { Pencil, Trash2 } from 'lucide-react'
import type { ListSection } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'

interface CardActionsProps {
  section: Exclude<ListSection, 'announcements' | 'documents'>
  /** The item's title: a list holds many Editar buttons, so each is named 'Editar incidencia: <title>'. */
  title: string
  onEdit: () => void
  onDelete: () => void
}

/** Editar and Eliminar at the foot of a card in a list. */
export function CardActions({ section, title, onEdit, onDelete }: CardActionsProps) {
  const { t } = useTranslation()
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t(`${section}.editNamed`, { title })}>
        <Pencil aria-hidden />
        {t(`${section}.edit`)}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive/10"
        onClick={onDelete}
        aria-label={t(`${section}.deleteNamed`, { title })}
      >
        <Trash2 aria-hidden />
        {t(`${section}.delete`)}
      </Button>
    </div>
  )
}

interface DetailActionsProps<T> {
  section: Exclude<ListSection, 'documents'>
  /** The item the dialog shows, handed to onEdit and onDelete. */
  item: T
  onEdit: (item: T) => void
  onDelete: (item: T) => void
}

/** Eliminar and Editar at the foot of an item's detail dialog. */
export function DetailActions<T>({ section, item, onEdit, onDelete }: DetailActionsProps<T>) {
  const { t } = useTranslation()
  return (
    <DialogFooter>
      <Button
        variant="ghost"
        className="text-destructive hover:bg-destructive/10"
        onClick={() => {
          onDelete(item)
        }}
      >
        <Trash2 aria-hidden />
        {t(`${section}.delete`)}
      </Button>
      <Button
        onClick={() => {
          onEdit(item)
        }}
      >
        <Pencil aria-hidden />
        {t(`${section}.edit`)}
      </Button>
    </DialogFooter>
  )
}
