import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'

interface FormButtonsProps {
  /** The submit button's text, translated. */
  submit: string
  /** The form is saving: the submit button waits. */
  pending: boolean
  onCancel: () => void
}

/** The submit and Cancelar buttons of a form shown in place (a panel's or a list item's), side by side. */
export function FormButtons({ submit, pending, onCancel }: FormButtonsProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending}>
        {submit}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </div>
  )
}
