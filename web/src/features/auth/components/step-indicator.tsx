import { Check } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/** Where the user is in a multi-step form: done steps ticked, the current one marked aria-current="step". */
export function StepIndicator({ steps, current, label }: { steps: string[]; current: number; label: string }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={label}>
      <ol className="flex items-start">
        {steps.map((step, index) => {
          const done = index < current
          const active = index === current
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className="relative flex flex-1 flex-col items-center gap-1.5 text-center"
            >
              {index > 0 && (
                <span
                  aria-hidden
                  className={cn(
                    'absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2',
                    index <= current ? 'bg-primary' : 'bg-input',
                  )}
                />
              )}
              <span
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary bg-background text-primary',
                  !done && !active && 'border-input bg-background text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" aria-hidden /> : index + 1}
              </span>
              <span className={cn('text-xs font-medium', active ? 'text-foreground' : 'text-muted-foreground')}>
                {step}
                {done && <span className="sr-only"> ({t('auth.register.stepCompleted')})</span>}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
