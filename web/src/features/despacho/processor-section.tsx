import { Briefcase } from 'lucide-react'
import { useState } from 'react'
import { CodeForm } from '@/components/code-form'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useInviteProcessor, useProcessor, useRevokeProcessor } from './api/despacho'

/**
 * The community's office (ADR 0045), in its settings: who processes its data (RGPD art. 28) and since
 * when; its admins invite an office by its code or NIF, and revoke its access at any time.
 */
export function ProcessorSection({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation()
  const { date } = useDateFormat()
  const processor = useProcessor(true)
  const invite = useInviteProcessor()
  const revoke = useRevokeProcessor()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [revoking, setRevoking] = useState(false)
  const p = processor.data
  return (
    <section aria-labelledby="community-processor" className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
      <h2 id="community-processor" className="flex items-center gap-2 font-semibold">
        <Briefcase className="size-5 text-primary" aria-hidden />
        {t('despacho.processor.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('despacho.processor.description')}</p>
      {processor.isSuccess && !p && <p>{t('despacho.processor.none')}</p>}
      {p && (
        <div className="flex flex-col gap-0.5">
          <p className="font-medium">{p.organisationName}</p>
          <p className="text-sm">
            {t('despacho.org.nif')}: {p.nif}
            {p.colegiado ? ` · ${t('despacho.org.colegiado')}: ${p.colegiado}` : ''}
          </p>
          <p className="text-sm text-muted-foreground">
            {p.status === 'active' && p.acceptedAt
              ? t('despacho.processor.since', { date: date(p.acceptedAt) })
              : t('despacho.processor.invited', { date: date(p.invitedAt) })}
          </p>
        </div>
      )}
      {isAdmin && p && (
        <>
          <Button
            variant="destructive"
            onClick={() => {
              setRevoking(true)
            }}
          >
            {t('despacho.processor.revoke')}
          </Button>
          <ConfirmDialog
            open={revoking}
            onOpenChange={setRevoking}
            title={t('despacho.processor.revoke')}
            description={t('despacho.processor.revokeConfirm', { name: p.organisationName })}
            cancelLabel={t('despacho.processor.cancel')}
            confirmLabel={t('despacho.processor.revoke')}
            pending={revoke.isPending}
            onConfirm={() => {
              revoke.mutate(undefined, {
                onSuccess: () => {
                  setRevoking(false)
                  toast.success(t('despacho.processor.revoked'))
                },
                onError: (err) => {
                  setRevoking(false)
                  toast.error(problemMessage(err, t))
                },
              })
            }}
          />
        </>
      )}
      {isAdmin && processor.isSuccess && !p && (
        <CodeForm
          id="processor-code"
          label={t('despacho.processor.code')}
          error={error}
          value={code}
          onChange={setCode}
          maxLength={20}
          pending={invite.isPending}
          submitLabel={t('despacho.processor.invite')}
          onSubmit={() => {
            setError(undefined)
            invite.mutate(code, {
              onSuccess: () => {
                setCode('')
                toast.success(t('despacho.processor.invitedDone'))
              },
              onError: (err) => {
                setError(problemMessage(err, t))
              },
            })
          }}
        />
      )}
    </section>
  )
}
