import { ArrowLeft, type LucideIcon } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

interface AuthLayoutProps {
  title: ReactNode
  description?: ReactNode
  /** Where the back arrow goes; no arrow without it. */
  backTo?: string
  /** A status icon in place of the logo (sent, confirmed, failed...). */
  icon?: LucideIcon
  iconClassName?: string
  /** Lets a screen move focus to its heading when its content changes (tabIndex -1 is set). */
  headingRef?: Ref<HTMLHeadingElement>
  children?: ReactNode
  footer?: ReactNode
}

/** The frame of the sign-in screens: full-bleed on a phone, a centred card from the sm breakpoint up. */
export function AuthLayout(props: AuthLayoutProps) {
  const { title, description, backTo, icon: Icon, iconClassName, headingRef, children, footer } = props
  const { t } = useTranslation()
  return (
    <main className="flex min-h-dvh justify-center sm:items-center sm:bg-muted sm:p-6">
      <div
        className={
          'flex w-full max-w-md flex-col bg-background px-5 pt-3 pb-8 sm:rounded-3xl sm:border sm:bg-card ' +
          'sm:px-8 sm:pt-6 sm:shadow-xl'
        }
      >
        <div className="h-11">
          {backTo && (
            <Button asChild variant="ghost" size="icon" className="-ml-2">
              <Link to={backTo} aria-label={t('common.back')}>
                <ArrowLeft className="size-5!" aria-hidden />
              </Link>
            </Button>
          )}
        </div>
        <header className="flex flex-col items-center text-center">
          {Icon ? (
            <span
              className={cn(
                'flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground',
                iconClassName,
              )}
            >
              <Icon className="size-8" aria-hidden />
            </span>
          ) : (
            <img src="/logo.svg" alt="" width={64} height={64} className="size-16 drop-shadow-md" />
          )}
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-5 text-2xl font-bold tracking-tight text-balance outline-none"
          >
            {title}
          </h1>
          {description && <p className="mt-2 text-muted-foreground text-pretty">{description}</p>}
        </header>
        <div className="mt-8 flex flex-col gap-6">{children}</div>
        {footer && <footer className="mt-8 text-center text-sm text-muted-foreground">{footer}</footer>}
      </div>
    </main>
  )
}
