import { LANGUAGES, type Language } from '@/lib/app-settings'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/** The three interface languages as a radio group of buttons, each named in its own language. */
export function LanguageChoice({
  value,
  onChange,
  name,
}: {
  value: Language
  onChange: (language: Language) => void
  name: string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t('onboarding.start.language')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {LANGUAGES.map((language) => (
          <label
            key={language}
            className={cn(
              'flex h-11 cursor-pointer items-center justify-center rounded-xl border-2 text-sm font-semibold ' +
                'transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
              value === language ? 'border-primary bg-accent text-accent-foreground' : 'border-input bg-card',
            )}
          >
            <input
              type="radio"
              name={name}
              value={language}
              checked={value === language}
              onChange={() => {
                onChange(language)
              }}
              className="sr-only"
            />
            <span lang={language}>{t(`onboarding.languages.${language}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
