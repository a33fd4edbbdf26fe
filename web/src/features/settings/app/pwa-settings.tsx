import { Download } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { promptInstall, usePwa } from '@/lib/pwa'
import { currentPushSubscription, pushSupported } from '@/lib/push-device'
import { deviceLabel, PushPermissionError, subscribePush } from '@/lib/push-subscribe'
import { PUSH_KINDS, usePushSettings, useSetPushKind, useSubscribePush, useUnsubscribePush } from '../api/push'
import { SettingsRow } from './settings-row'

/** 'Instalar la aplicación': the browser's install prompt, or how to install where there is none. */
export function InstallCard() {
  const { t } = useTranslation()
  const { installable, installed } = usePwa()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('pwa.install.title')}</CardTitle>
        <CardDescription>
          {installed ? t('pwa.install.installed') : installable ? t('pwa.install.description') : t('pwa.install.manual')}
        </CardDescription>
      </CardHeader>
      {installable && !installed && (
        <CardContent>
          <Button
            onClick={() => {
              void promptInstall().then((accepted) => {
                if (accepted) toast.success(t('pwa.install.done'))
              })
            }}
          >
            <Download aria-hidden />
            {t('pwa.install.action')}
          </Button>
        </CardContent>
      )}
    </Card>
  )
}

/**
 * 'Notificaciones push': opt this device in or out, and choose the kinds (for all my devices, in the tab's
 * community: ADR 0040). The subscription is the browser's; the server keeps one row per device (ADR 0030).
 */
export function PushCard() {
  const { t } = useTranslation()
  const settings = usePushSettings()
  const subscribe = useSubscribePush()
  const unsubscribe = useUnsubscribePush()
  const setKind = useSetPushKind()
  const supported = pushSupported()
  // This device's subscription endpoint: undefined while it is read, null when there is none.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(supported ? undefined : null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!supported) return
    void currentPushSubscription().then((subscription) => {
      setEndpoint(subscription?.endpoint ?? null)
    })
  }, [supported])

  const devices = settings.data?.devices ?? []
  const thisDevice = devices.find((d) => d.endpoint === endpoint)

  const enable = async () => {
    if (!settings.data) return
    const json = await subscribePush(settings.data.publicKey)
    await subscribe.mutateAsync({
      endpoint: json.endpoint ?? '',
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      device: deviceLabel(),
    })
    setEndpoint(json.endpoint ?? null)
  }

  const disable = async () => {
    if (thisDevice) await unsubscribe.mutateAsync(thisDevice.id)
    await (await currentPushSubscription())?.unsubscribe()
    setEndpoint(null)
  }

  const toggle = (on: boolean) => {
    setBusy(true)
    ;(on ? enable() : disable())
      .catch((err: unknown) => {
        toast.error(err instanceof PushPermissionError ? t('pwa.push.denied') : t('pwa.push.failed'))
      })
      .finally(() => {
        setBusy(false)
      })
  }

  return (
    <Card className="py-2">
      <CardHeader className="pt-4">
        <CardTitle>{t('pwa.push.title')}</CardTitle>
        <CardDescription>
          {supported ? t('pwa.push.description', { count: devices.length }) : t('pwa.push.unsupported')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col divide-y">
        {supported && (
          <SettingsRow id="push-device" label={t('pwa.push.thisDevice')} hint={thisDevice?.device}>
            <Switch
              id="push-device"
              checked={Boolean(thisDevice)}
              disabled={busy || !settings.data || endpoint === undefined}
              onCheckedChange={toggle}
            />
          </SettingsRow>
        )}
        {settings.isError && <p className="py-3 text-sm text-destructive">{t('pwa.push.loadFailed')}</p>}
        {settings.data && <p className="py-3 text-sm text-muted-foreground">{t('pwa.push.kindsScope')}</p>}
        {settings.data &&
          PUSH_KINDS.map((kind) => (
            <SettingsRow key={kind} id={`push-kind-${kind}`} label={t(`pwa.push.kinds.${kind}`)}>
              <Switch
                id={`push-kind-${kind}`}
                checked={settings.data.kinds[kind]}
                onCheckedChange={(on) => {
                  setKind.mutate({ kind, on }, { onError: () => toast.error(t('pwa.push.failed')) })
                }}
              />
            </SettingsRow>
          ))}
      </CardContent>
    </Card>
  )
}
