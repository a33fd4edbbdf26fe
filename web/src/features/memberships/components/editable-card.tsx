import { Pencil } from 'lucide-react'
import type { ReactNode, SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useTranslation } from '@/lib/i18n'

interface EditableCardProps {
  editing: boolean
  /** Turns the card into its form; none for those who may only read. */
  onEdit?: () => void
  /** What the card shows while not editing. */
  details: ReactNode
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => Promise<void>
  onCancel: () => void
  pending: boolean
  /** The form's fields. */
  children: ReactNode
}

/** A settings card that shows its data, and on 'Editar' the form for it, with Cancelar and Guardar. */
export function EditableCard({ editing, onEdit, details, onSubmit, onCancel, pending, children }: EditableCardProps) {
  const { t } = useTranslation()
  return (
    <Card>
      <CardContent>
        {!editing ? (
          <div className="flex flex-col gap-5">
            {details}
            {onEdit && (
              <Button size="lg" className="w-full" onClick={onEdit}>
                <Pencil aria-hidden />
                {t('settings.edit')}
              </Button>
            )}
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
            {children}
            <div className="grid grid-cols-2 gap-2">
              <Button type="button" variant="outline" size="lg" disabled={pending} onClick={onCancel}>
                {t('settings.cancel')}
              </Button>
              <SubmitButton size="lg" pending={pending}>
                {pending ? t('settings.saving') : t('settings.save')}
              </SubmitButton>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  )
}
