import { FileDown, FilePen, PenLine } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useJuntaStep, useSaveActa, type Junta } from '../api/juntas'
import { whenText } from '../lib'
import { inTabCommunity } from '@/lib/tab-community'

function onError(title: string) {
  return (err: unknown) => {
    toast.error(title, { description: err instanceof ApiError ? err.detail : undefined })
  }
}

/** The acta (art. 19 LPH): drafted from the junta, its text edited by the secretary, signed by president and secretary. */
export function ActaTab({ junta }: { junta: Junta }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const { user } = useSession()
  const isAdmin = user?.role === 'admin'
  const draft = useJuntaStep('acta/draft')
  const sign = useJuntaStep('acta/sign')
  const save = useSaveActa()
  const [text, setText] = useState<string | null>(null)

  if (junta.status === 'borrador' || junta.status === 'convocada') {
    return <p className="text-sm text-muted-foreground">{t('juntas.acta.notHeld')}</p>
  }
  const value = text ?? junta.actaText ?? ''
  return (
    <div className="flex flex-col gap-4">
      {junta.actaNumber != null && <p className="font-semibold">{t('juntas.acta.number', { n: junta.actaNumber })}</p>}
      {isAdmin && junta.status === 'celebrada' && (
        <Button
          variant={junta.actaText ? 'outline' : 'default'}
          className="self-start"
          disabled={draft.isPending}
          onClick={() => {
            draft.mutate(junta.id, {
              onSuccess: () => {
                setText(null)
                toast.success(t('juntas.toasts.drafted'))
              },
              onError: onError(t('juntas.toasts.error')),
            })
          }}
        >
          <FilePen aria-hidden />
          {junta.actaText ? t('juntas.acta.redraft') : t('juntas.acta.draft')}
        </Button>
      )}
      {!junta.actaText && junta.status === 'celebrada' && <p className="text-sm text-muted-foreground">{t('juntas.acta.empty')}</p>}
      {junta.actaText != null && junta.canEditActa ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate(
              { id: junta.id, text: value },
              {
                onSuccess: () => {
                  setText(null)
                  toast.success(t('juntas.toasts.actaSaved'))
                },
                onError: onError(t('juntas.toasts.error')),
              },
            )
          }}
        >
          <Label htmlFor={`${id}-acta`}>{t('juntas.acta.text')}</Label>
          <Textarea id={`${id}-acta`} rows={16} maxLength={50000} value={value} onChange={(e) => { setText(e.target.value); }} />
          {junta.signatures.length > 0 && <p className="text-xs text-muted-foreground">{t('juntas.acta.voidsSignatures')}</p>}
          <Button type="submit" variant="outline" className="self-start" disabled={save.isPending || text === null}>
            {t('juntas.acta.save')}
          </Button>
        </form>
      ) : (
        junta.actaText && (
          <pre className="rounded-xl border bg-card p-3 font-sans text-sm whitespace-pre-wrap" aria-label={t('juntas.acta.text')}>
            {junta.actaText}
          </pre>
        )
      )}
      {junta.actaText && (
        <Button asChild variant="outline" className="self-start">
          <a href={inTabCommunity(`/api/v1/juntas/${junta.id}/acta.pdf`)} download>
            <FileDown aria-hidden />
            {t('juntas.acta.pdf')}
          </a>
        </Button>
      )}
      <section aria-labelledby={`${id}-signatures`} className="flex flex-col gap-2">
        <h2 id={`${id}-signatures`} className="text-lg font-semibold">
          {t('juntas.acta.signatures')}
        </h2>
        {junta.signatures.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('juntas.acta.unsigned')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {junta.signatures.map((s) => (
              <li key={s.role} className="rounded-xl border bg-card p-3 text-sm">
                <p className="font-medium">
                  {t(`juntas.acta.role.${s.role}`)}: {s.name}
                </p>
                <p className="text-muted-foreground">{whenText(s.signedAt, i18n.language)}</p>
                <p className="font-mono text-xs break-all text-muted-foreground">SHA-256 {s.sha256}</p>
              </li>
            ))}
          </ul>
        )}
        {junta.canSign.length > 0 && text === null && (
          <Button
            className="self-start"
            disabled={sign.isPending}
            onClick={() => {
              sign.mutate(junta.id, {
                onSuccess: () => toast.success(t('juntas.toasts.signed')),
                onError: onError(t('juntas.toasts.error')),
              })
            }}
          >
            <PenLine aria-hidden />
            {junta.canSign.length === 2
              ? t('juntas.acta.signBoth')
              : junta.canSign[0] === 'president'
                ? t('juntas.acta.signAsPresident')
                : t('juntas.acta.signAsSecretary')}
          </Button>
        )}
        <p className="text-xs text-muted-foreground">{t('juntas.acta.signatureNote')}</p>
      </section>
      {junta.status === 'firmada' && (
        <p className="text-sm">
          {t('juntas.acta.filed')}{' '}
          <Link className="underline" to="/documents">
            {t('juntas.acta.openDocuments')}
          </Link>
        </p>
      )}
    </div>
  )
}
