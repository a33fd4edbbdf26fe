import { parse } from 'date-fns'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import type { MoneyUnit } from './api/money'
import { addressText, mandatePdfUrl, useMyMandates, useRevokeMandate, useSignMandate, type Mandate } from './api/sepa'
import './mandates-texts'

/** 'Mis cuotas' → 'Mi domiciliación': for each unit I own, its mandate in force, or the form to sign one. */
export function MandateCard() {
  const { t } = useTranslation()
  const mine = useMyMandates()
  const units = mine.data?.units ?? []
  if (!mine.data || units.length === 0) return null
  const mandates = mine.data.mandates ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sepa.mandate.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {units.map((u) => (
          <UnitMandate
            key={u.id}
            unit={u}
            mandate={mandates.find((m) => m.unitId === u.id && m.status !== 'revoked')}
            revoked={mandates.find((m) => m.unitId === u.id && m.status === 'revoked')}
            ready={!!mine.data.creditorId}
            several={units.length > 1}
            addressRequiredIn={mine.data.addressRequiredIn ?? []}
          />
        ))}
      </CardContent>
    </Card>
  )
}

function UnitMandate({
  unit,
  mandate,
  revoked,
  ready,
  several,
  addressRequiredIn,
}: {
  unit: MoneyUnit
  mandate?: Mandate
  /** The unit's latest revoked mandate, said when none is in force. */
  revoked?: Mandate
  ready: boolean
  several: boolean
  addressRequiredIn: string[]
}) {
  const { t } = useTranslation()
  const [signing, setSigning] = useState(false)
  return (
    <section className="flex flex-col gap-2" aria-label={t('sepa.mandate.unitTitle', { unit: unit.label })}>
      {several && <h3 className="font-semibold">{t('sepa.mandate.unitTitle', { unit: unit.label })}</h3>}
      {!mandate && revoked && <MandateRevoked mandate={revoked} />}
      {mandate ? <MandateInForce mandate={mandate} /> : <p className="text-muted-foreground">{t(ready ? 'sepa.mandate.none' : 'sepa.mandate.notReady')}</p>}
      {ready &&
        (signing ? (
          <SignForm unit={unit} addressRequiredIn={addressRequiredIn} onDone={() => { setSigning(false); }} />
        ) : (
          (!mandate || mandate.status === 'paused' || mandate.expired) && (
            <Button variant="outline" onClick={() => { setSigning(true); }}>
              {t(mandate ? 'sepa.mandate.signNew' : 'sepa.mandate.sign')}
            </Button>
          )
        ))}
    </section>
  )
}

/** Who revoked the unit's mandate, when and why: the owner learns of an admin's revocation here. */
function MandateRevoked({ mandate }: { mandate: Mandate }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  if (mandate.endedAt == null) return null
  const date = format.date(mandate.endedAt)
  return (
    <div className="flex flex-col gap-1 rounded-xl border p-3">
      <p className="font-semibold">{t('sepa.mandate.status.revoked')}</p>
      <p className="break-words">
        {mandate.endedByName
          ? t('sepaMandates.mine.revokedBy', { reference: mandate.reference, name: mandate.endedByName, date })
          : t('sepaMandates.mine.revoked', { reference: mandate.reference, date })}
      </p>
      {mandate.endReason && <p className="break-words whitespace-pre-line">{t('sepaMandates.mine.reason', { reason: mandate.endReason })}</p>}
    </div>
  )
}

function MandateInForce({ mandate }: { mandate: Mandate }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const revoke = useRevokeMandate()
  const [asking, setAsking] = useState(false)
  return (
    <div className="flex flex-col gap-2 rounded-xl border p-3">
      <p className="font-semibold">{mandate.expired ? t('sepaMandates.status.expired') : t(`sepa.mandate.status.${mandate.status}`)}</p>
      <p className="break-words">
        {t('sepa.mandate.active', { reference: mandate.reference, iban: mandate.iban, date: mandate.signedOn })}
      </p>
      {mandate.debtorAddress && (
        <p className="break-words">{t('sepa.mandate.address.shown', { address: addressText(mandate.debtorAddress) })}</p>
      )}
      {mandate.expired ? (
        <p className="text-destructive">
          {t('sepaMandates.mine.expired', { date: format.date(parse(mandate.expiresOn, 'yyyy-MM-dd', new Date())) })}
        </p>
      ) : (
        mandate.status === 'paused' && <p className="text-destructive">{t('sepa.mandate.pausedHint')}</p>
      )}
      <a className="text-primary underline" href={mandatePdfUrl(mandate.id)} download>
        {t('sepa.mandate.pdf')}
      </a>
      <Button variant="outline" onClick={() => { setAsking(true); }}>
        {t('sepa.mandate.revoke')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('sepa.mandate.revoke')}
        description={t('sepa.mandate.revokeConfirm')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('sepa.mandate.revoke')}
        pending={revoke.isPending}
        onConfirm={() => {
          revoke.mutate({ id: mandate.id }, {
            onSuccess: () => {
              setAsking(false)
              toast.success(t('sepa.mandate.revoked'))
            },
            onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
          })
        }}
      />
    </div>
  )
}

function SignForm({ unit, addressRequiredIn, onDone }: { unit: MoneyUnit; addressRequiredIn: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const sign = useSignMandate()
  const [debtorName, setDebtorName] = useState(user?.fullName ?? '')
  const [iban, setIban] = useState('')
  const [bic, setBic] = useState('')
  const [address, setAddress] = useState({ street: '', postCode: '', town: '' })
  const [country, setCountry] = useState<string | null>(null) // null: the IBAN's, until the owner types one
  const [accepted, setAccepted] = useState(false)
  const id = `mandate-${unit.id}`
  // The rulebook asks for the holder's address when the bank is in a non-EEA SEPA country (the IBAN's
  // first two letters); the server checks it too.
  const ibanCountry = iban.replace(/[\s-]/g, '').slice(0, 2).toUpperCase()
  const needsAddress = addressRequiredIn.includes(ibanCountry)
  const addressField = (key: keyof typeof address, autoComplete: string) => (
    <>
      <Label htmlFor={`${id}-${key}`}>{t(`sepa.mandate.address.${key}`)}</Label>
      <Input
        id={`${id}-${key}`}
        autoComplete={autoComplete}
        value={address[key]}
        onChange={(e) => { setAddress({ ...address, [key]: e.target.value }); }}
      />
    </>
  )
  return (
    <form
      className="flex flex-col gap-2 rounded-xl border p-3"
      aria-label={t('sepa.mandate.form', { unit: unit.label })}
      onSubmit={(e) => {
        e.preventDefault()
        sign.mutate(
          {
            unitId: unit.id,
            debtorName,
            iban,
            bic,
            ...(needsAddress && { debtorAddress: { ...address, country: country ?? ibanCountry } }),
          },
          {
            onSuccess: () => {
              toast.success(t('sepa.mandate.signed'))
              onDone()
            },
            onError: (err) => toast.error(t('common.error'), { description: problemMessage(err, t) }),
          },
        )
      }}
    >
      <Label htmlFor={`${id}-name`}>{t('sepa.mandate.debtorName')}</Label>
      <Input id={`${id}-name`} autoComplete="name" value={debtorName} onChange={(e) => { setDebtorName(e.target.value); }} />
      <Label htmlFor={`${id}-iban`}>{t('sepa.mandate.iban')}</Label>
      <Input id={`${id}-iban`} autoComplete="off" spellCheck={false} value={iban} onChange={(e) => { setIban(e.target.value); }} />
      <Label htmlFor={`${id}-bic`}>{t('sepa.mandate.bic')}</Label>
      <Input id={`${id}-bic`} autoComplete="off" spellCheck={false} value={bic} onChange={(e) => { setBic(e.target.value); }} />
      {needsAddress && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-muted-foreground">{t('sepa.mandate.address.hint')}</legend>
          {addressField('street', 'street-address')}
          {addressField('postCode', 'postal-code')}
          {addressField('town', 'address-level2')}
          <Label htmlFor={`${id}-country`}>{t('sepa.mandate.address.country')}</Label>
          <Input
            id={`${id}-country`}
            autoComplete="country"
            maxLength={2}
            value={country ?? ibanCountry}
            onChange={(e) => { setCountry(e.target.value.toUpperCase()); }}
          />
        </fieldset>
      )}
      <p className="text-xs text-muted-foreground">{t('sepa.mandate.legal')}</p>
      <div className="flex items-center gap-2">
        <input id={`${id}-accept`} type="checkbox" className="size-5" checked={accepted} onChange={(e) => { setAccepted(e.target.checked); }} />
        <label htmlFor={`${id}-accept`}>{t('sepa.mandate.accept')}</label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!accepted || sign.isPending}>
          {t('sepa.mandate.sign')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  )
}
