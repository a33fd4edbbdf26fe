import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useCreateCategory } from '../api/mutations'

/** 'Nueva categoría' (admins): its name, and whether every member may upload to it. */
export function CategoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('documents.category.title')}</DialogTitle>
          <DialogDescription>{t('documents.category.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <CategoryForm
            onDone={() => {
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function CategoryForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const create = useCreateCategory()
  const [name, setName] = useState('')
  const [membersUpload, setMembersUpload] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (name.trim() === '') {
          setError(t('documents.validation.categoryName'))
          return
        }
        create.mutate(
          { name: name.trim(), membersUpload },
          {
            onSuccess: (c) => {
              toast.success(t('documents.toasts.categoryCreated'), { description: c.name })
              onDone()
            },
            onError: (err) => {
              setError(err instanceof ApiError && err.detail ? err.detail : t('documents.toasts.categoryError'))
            },
          },
        )
      }}
    >
      <FormField id="category-name" label={t('documents.category.name')} error={error}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={60}
            onChange={(e) => {
              setName(e.target.value)
            }}
          />
        )}
      </FormField>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="category-members-upload">{t('documents.category.membersUpload')}</Label>
        <Switch id="category-members-upload" checked={membersUpload} onCheckedChange={setMembersUpload} />
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('documents.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner className="size-4" />}
          {t('documents.category.create')}
        </Button>
      </DialogFooter>
    </form>
  )
}
