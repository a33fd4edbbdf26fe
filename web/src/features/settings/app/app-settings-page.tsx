import { Check } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { useUpdateProfile } from '../api/profile'
import {
  differsFromDefaults,
  FONT_SIZES,
  LANGUAGES,
  THEMES,
  useAppSettings,
  writeAppSettings,
  type Language,
} from '@/lib/app-settings'
import { useSession } from '@/lib/session'
import { SettingsScreen } from '@/components/settings-screen'
import { InstallCard, PushCard } from './pwa-settings'
import { SettingsRow } from './settings-row'

/**
 * /settings/app: preferences of this device. Each change is saved and applied at once (the whole UI
 * switches language, the theme and font size follow); 'Guardar y Salir' shows once something differs
 * from the defaults.
 */
export function AppSettingsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const settings = useAppSettings()
  const { user } = useSession()
  const updateProfile = useUpdateProfile()
  const changed = differsFromDefaults(settings)

  const setLanguage = (language: Language) => {
    writeAppSettings({ language })
    // The server writes emails in the account's language: keep it in step (best effort).
    if (user) updateProfile.mutate({ language })
  }

  return (
    <SettingsScreen title={t('settings.app.title')} backTo="/settings" className={changed ? 'pb-28' : undefined}>
      <Card className="py-2">
        <CardContent className="flex flex-col divide-y">
          <SettingsRow id="app-language" label={t('settings.app.language')}>
            <NativeSelect
              id="app-language"
              className="w-36"
              value={settings.language}
              onChange={(e) => {
                setLanguage(e.target.value as Language)
              }}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`onboarding.languages.${language}`)}
                </option>
              ))}
            </NativeSelect>
          </SettingsRow>
          <SettingsRow id="app-theme" label={t('settings.app.theme')}>
            <NativeSelect
              id="app-theme"
              className="w-36"
              value={settings.theme}
              onChange={(e) => {
                writeAppSettings({ theme: e.target.value as (typeof THEMES)[number] })
              }}
            >
              {THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {t(`settings.app.themes.${theme}`)}
                </option>
              ))}
            </NativeSelect>
          </SettingsRow>
          <SettingsRow id="app-font-size" label={t('settings.app.fontSize')}>
            <NativeSelect
              id="app-font-size"
              className="w-36"
              value={settings.fontSize}
              onChange={(e) => {
                writeAppSettings({ fontSize: e.target.value as (typeof FONT_SIZES)[number] })
              }}
            >
              {FONT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {t(`settings.app.fontSizes.${size}`)}
                </option>
              ))}
            </NativeSelect>
          </SettingsRow>
          <SettingsRow id="app-sound" label={t('settings.app.sound')} hint={t('settings.app.soundHint')}>
            <Switch
              id="app-sound"
              checked={settings.soundEnabled}
              onCheckedChange={(soundEnabled) => {
                writeAppSettings({ soundEnabled })
              }}
            />
          </SettingsRow>
          <SettingsRow id="app-data-saver" label={t('settings.app.dataSaver')} hint={t('settings.app.dataSaverHint')}>
            <Switch
              id="app-data-saver"
              checked={settings.dataSaver}
              onCheckedChange={(dataSaver) => {
                writeAppSettings({ dataSaver })
              }}
            />
          </SettingsRow>
        </CardContent>
      </Card>

      <PushCard />
      <InstallCard />

      {changed && (
        <div
          className={
            'fixed inset-x-0 z-40 flex justify-center px-4 ' +
            'bottom-[calc(var(--bottom-nav-height)+0.75rem+env(safe-area-inset-bottom))]'
          }
        >
          <div className="flex w-full max-w-md items-center gap-3 rounded-2xl border bg-card p-3 shadow-xl">
            <p className="min-w-0 flex-1 text-sm text-muted-foreground">{t('settings.app.changed')}</p>
            <Button
              className="shrink-0"
              onClick={() => {
                toast.success(t('settings.app.saved'))
                void navigate('/settings')
              }}
            >
              <Check aria-hidden />
              {t('settings.app.saveAndExit')}
            </Button>
          </div>
        </div>
      )}
    </SettingsScreen>
  )
}
