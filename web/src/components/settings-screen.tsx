import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

interface SettingsScreenProps {
  title: ReactNode
  description?: ReactNode
  /** Where the back arrow goes; none without it. */
  backTo?: string
  actions?: ReactNode
  className?: string
  children: ReactNode
}

/** The content of a settings screen (the app layout around it brings the header and the bottom nav). */
export function SettingsScreen({ title, description, backTo, actions, className, children }: SettingsScreenProps) {
  const { t } = useTranslation()
  return (
    <main className={cn('mx-auto flex w-full max-w-2xl min-w-0 flex-col gap-5 px-4 pt-4 pb-8', className)}>
      <header className="flex min-w-0 items-center gap-2">
        {backTo && (
          <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
            <Link to={backTo} aria-label={t('common.back')}>
              <ArrowLeft className="size-5!" aria-hidden />
            </Link>
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </header>
      {children}
    </main>
  )
}

export function ScreenLoading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner className="size-8" />
    </div>
  )
}

/** A label and its value in a view-mode card. */
export function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}
