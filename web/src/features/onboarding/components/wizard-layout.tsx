import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/** The wizard's steps after /start, in order. */
export const WIZARD_STEPS = ['join', 'find-community', 'choose-unit', 'verify', 'done'] as const

interface WizardLayoutProps {
  title: ReactNode
  description?: ReactNode
  /** 0 for /start, then 1 to 5 for the wizard's steps. */
  step: number
  /** Shows a back arrow that calls this. */
  onBack?: () => void
  children: ReactNode
  footer?: ReactNode
}

/** The full-screen frame of the onboarding wizard: a progress bar, the title and the step's content. */
export function WizardLayout({ title, description, step, onBack, children, footer }: WizardLayoutProps) {
  const { t } = useTranslation()
  const total = WIZARD_STEPS.length
  return (
    <main className="flex min-h-dvh justify-center sm:items-center sm:bg-muted sm:p-6">
      <div
        className={
          'flex w-full max-w-md min-w-0 flex-col bg-background px-5 pt-3 pb-8 sm:rounded-3xl sm:border sm:bg-card ' +
          'sm:px-8 sm:pt-6 sm:shadow-xl'
        }
      >
        <div className="flex h-11 items-center gap-3">
          {onBack ? (
            <Button variant="ghost" size="icon" className="-ml-2" onClick={onBack} aria-label={t('common.back')}>
              <ArrowLeft className="size-5!" aria-hidden />
            </Button>
          ) : (
            <span className="size-11 -ml-2" aria-hidden />
          )}
          {step > 0 && (
            <div className="flex flex-1 items-center gap-3">
              <div
                role="progressbar"
                aria-label={t('onboarding.progress', { step, total })}
                aria-valuemin={1}
                aria-valuemax={total}
                aria-valuenow={step}
                className="flex flex-1 gap-1.5"
              >
                {WIZARD_STEPS.map((name, index) => (
                  <span
                    key={name}
                    className={cn('h-1.5 flex-1 rounded-full', index < step ? 'bg-primary' : 'bg-muted')}
                  />
                ))}
              </div>
              <span className="text-xs font-medium text-muted-foreground tabular-nums" aria-hidden>
                {step}/{total}
              </span>
            </div>
          )}
        </div>
        <header className="mt-4 flex flex-col">
          <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
          {description && <p className="mt-2 text-muted-foreground text-pretty">{description}</p>}
        </header>
        <div className="mt-6 flex flex-col gap-6">{children}</div>
        {footer && <footer className="mt-8 text-center text-sm text-muted-foreground">{footer}</footer>}
      </div>
    </main>
  )
}
