import type { LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'

interface StatusPageProps {
  icon: LucideIcon
  title: string
  description: string
}

/** A full-screen message with a way back home, for pages that have no content of their own. */
export function StatusPage({ icon: Icon, title, description }: StatusPageProps) {
  const { t } = useTranslation()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-12 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Icon className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance">{title}</h1>
      <p className="mt-2 max-w-sm text-muted-foreground text-pretty">{description}</p>
      <Button asChild className="mt-8">
        <Link to="/">{t('common.backHome')}</Link>
      </Button>
    </main>
  )
}
