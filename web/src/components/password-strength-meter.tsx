import { useTranslation } from '@/lib/i18n'
import { passwordStrength, strengthLevel, type StrengthLevel } from '@/lib/password-strength'
import { cn } from '@/lib/utils'

const barColours: Record<StrengthLevel, string> = {
  weak: 'bg-red-600',
  fair: 'bg-amber-500',
  good: 'bg-lime-600',
  strong: 'bg-emerald-600',
}

const textColours: Record<StrengthLevel, string> = {
  weak: 'text-red-700 dark:text-red-400',
  fair: 'text-amber-700 dark:text-amber-400',
  good: 'text-lime-700 dark:text-lime-400',
  strong: 'text-emerald-700 dark:text-emerald-400',
}

/** The strength of the password being typed: a coloured bar and its label (Débil, Media, Buena, Fuerte). */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation()
  const score = passwordStrength(password)
  const level = strengthLevel(score)
  const label = t(`auth.register.account.levels.${level}`)
  return (
    <div id={id} className="flex flex-col gap-1.5">
      <div
        role="meter"
        aria-label={t('auth.register.account.strength')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-300', barColours[level])}
          style={{ width: `${score}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {t('auth.register.account.strength')}:{' '}
        <span data-testid="password-strength-label" className={cn('font-semibold', textColours[level])}>
          {label}
        </span>
      </p>
    </div>
  )
}
