import { useState } from 'react'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSaveSepaSettings, useSepaSettings, type SepaSettings } from './api/sepa'

/** The ISO 20022 messages the remittance file can be written in: the AEB guide's, and the 2019+ rulebooks'. */
const FILE_VERSIONS = ['pain.008.001.02', 'pain.008.001.08'] as const

/** 'Cuentas' → 'Domiciliaciones SEPA': the creditor, the sequence types, the file's version, the pre-notification and returns. */
export function SepaSettingsCard() {
  const { t } = useTranslation()
  const settings = useSepaSettings()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sepa.settings.title')}</CardTitle>
      </CardHeader>
      <CardContent>{settings.data && <SettingsForm initial={settings.data} />}</CardContent>
    </Card>
  )
}

function SettingsForm({ initial }: { initial: SepaSettings }) {
  const { t } = useTranslation()
  const save = useSaveSepaSettings()
  const [s, setS] = useState(initial)
  const text = (key: 'creditorId' | 'creditorIban' | 'creditorBic', label: string, hint?: string) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`sepa-${key}`}>{label}</Label>
      <Input id={`sepa-${key}`} spellCheck={false} value={s[key]} onChange={(e) => { setS({ ...s, [key]: e.target.value }); }} />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  )
  const number = (key: 'prenoticeDays' | 'returnsToPause', label: string, max: number) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`sepa-${key}`}>{label}</Label>
      <Input
        id={`sepa-${key}`}
        type="number"
        min={1}
        max={max}
        className="w-24"
        value={s[key]}
        onChange={(e) => { setS({ ...s, [key]: Number(e.target.value) }); }}
      />
    </div>
  )
  return (
    <form
      className="flex flex-col gap-3"
      aria-label={t('sepa.settings.title')}
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(s, {
          onSuccess: (saved) => {
            setS(saved)
            toast.success(t('money.saved'))
          },
          onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
        })
      }}
    >
      {text('creditorId', t('sepa.settings.creditorId'), t('sepa.settings.creditorIdHint'))}
      {text('creditorIban', t('sepa.settings.creditorIban'))}
      {text('creditorBic', t('sepa.settings.creditorBic'))}
      <SelectField
        id="sepa-sequence"
        label={t('sepa.settings.sequencePolicy')}
        value={s.sequencePolicy}
        options={(['frst_rcur', 'rcur'] as const).map((p) => ({ value: p, label: t(`sepa.settings.policies.${p}`) }))}
        onChange={(e) => { setS({ ...s, sequencePolicy: e.target.value as SepaSettings['sequencePolicy'] }); }}
      />
      <SelectField
        id="sepa-file-version"
        label={t('sepa.settings.fileVersion')}
        hint={t('sepa.settings.fileVersionHint')}
        value={s.fileVersion}
        options={FILE_VERSIONS.map((v) => ({ value: v, label: t(`sepa.settings.fileVersions.${v}`) }))}
        onChange={(e) => { setS({ ...s, fileVersion: e.target.value as SepaSettings['fileVersion'] }); }}
      />
      {number('prenoticeDays', t('sepa.settings.prenoticeDays'), 14)}
      {number('returnsToPause', t('sepa.settings.returnsToPause'), 12)}
      <div className="flex items-center gap-2">
        <input
          id="sepa-charge"
          type="checkbox"
          className="size-5"
          checked={s.chargeToOwner}
          onChange={(e) => { setS({ ...s, chargeToOwner: e.target.checked }); }}
        />
        <label htmlFor="sepa-charge" className="text-sm">
          {t('sepa.settings.chargeToOwner')}
        </label>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {t('sepa.settings.save')}
      </Button>
    </form>
  )
}
