import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useDeleteDocument } from '../api/mutations'
import type { Document } from '../api/queries'

interface DeleteDocumentDialogProps {
  document: Document | undefined
  onOpenChange: (open: boolean) => void
  onDeleted: () => void
}

/** '¿Eliminar documento?' with the reason it asks for; the server's refusal (the retention) shows in it. */
export function DeleteDocumentDialog({ document, onOpenChange, onDeleted }: DeleteDocumentDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={document !== undefined} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('documents.deleteDialog.title')}</DialogTitle>
          <DialogDescription>{t('documents.deleteDialog.description')}</DialogDescription>
        </DialogHeader>
        {document && (
          <DeleteForm
            document={document}
            onCancel={() => {
              onOpenChange(false)
            }}
            onDeleted={onDeleted}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function DeleteForm({ document, onCancel, onDeleted }: { document: Document; onCancel: () => void; onDeleted: () => void }) {
  const { t } = useTranslation()
  const remove = useDeleteDocument()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [refusal, setRefusal] = useState<string | undefined>(undefined)
  const submit = () => {
    if (reason.trim() === '') {
      setError(t('documents.validation.reason'))
      return
    }
    setError(undefined)
    remove.mutate(
      { id: document.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('documents.toasts.deleted'), { description: document.title })
          onDeleted()
        },
        onError: (err) => {
          setRefusal(err instanceof ApiError && err.detail ? err.detail : t('documents.toasts.deleteError'))
        },
      },
    )
  }
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <FormField id="delete-reason" label={t('documents.fields.reason')} error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
            }}
          />
        )}
      </FormField>
      {refusal && (
        <p role="alert" className="rounded-xl bg-destructive/10 p-3 text-sm text-destructive">
          {refusal}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('documents.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending && <Spinner className="size-4" />}
          {t('documents.delete')}
        </Button>
      </DialogFooter>
    </form>
  )
}
