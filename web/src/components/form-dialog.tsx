import type { ReactNode } from 'react'
import type { DrawerState, ListSection } from '@/components/list-page'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { useTranslation } from '@/lib/i18n'

// The create/edit dialogs of the lists. Their texts share one layout too: `<section>.form.newTitle`,
// `.form.editTitle`, `.form.description`, `.form.create`, `.form.update` and `<section>.cancel`.

/** The sections whose dialogs follow that layout: the lists', and the tasks' and polls'. */
export type FormSection = ListSection | 'tasks' | 'voting'

interface FormDialogProps extends DrawerState {
  section: FormSection
  /** Editing an item rather than creating one. */
  editing: boolean
  /** A form taller than a phone's screen: the dialog scrolls. */
  long?: boolean
  /** The form, given a way to close the dialog (after saving, or on Cancelar). */
  children: (close: () => void) => ReactNode
}

/** 'Nueva …' / 'Editar …': the form is mounted only while open, so every opening starts from its defaults. */
export function FormDialog({ open, onOpenChange, section, editing, long, children }: FormDialogProps) {
  const { t } = useTranslation()
  const close = () => {
    onOpenChange(false)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={long ? 'max-h-[90dvh] max-w-lg overflow-y-auto' : 'max-w-lg'}>
        <DialogHeader>
          <DialogTitle>{editing ? t(`${section}.form.editTitle`) : t(`${section}.form.newTitle`)}</DialogTitle>
          <DialogDescription>{t(`${section}.form.description`)}</DialogDescription>
        </DialogHeader>
        {open && children(close)}
      </DialogContent>
    </Dialog>
  )
}

interface FormDialogFooterProps {
  section: ListSection
  editing: boolean
  onCancel: () => void
  pending: boolean
  /** Not ready to submit yet (a field missing, an upload under way). */
  disabled?: boolean
}

/** Cancelar, and the submit button: 'Crear …' or 'Guardar cambios'. */
export function FormDialogFooter({ section, editing, onCancel, pending, disabled }: FormDialogFooterProps) {
  const { t } = useTranslation()
  return (
    <DialogFooter>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t(`${section}.cancel`)}
      </Button>
      <SubmitButton pending={pending} disabled={disabled}>
        {editing ? t(`${section}.form.update`) : t(`${section}.form.create`)}
      </SubmitButton>
    </DialogFooter>
  )
}
