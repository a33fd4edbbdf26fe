import { LoaderCircle } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

export function Spinner({ className }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <span role="status" className={cn('inline-flex text-primary', className)}>
      <LoaderCircle className="size-full animate-spin" aria-hidden />
      <span className="sr-only">{t('common.loading')}</span>
    </span>
  )
}
