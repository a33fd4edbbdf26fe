import { FileUp, PenLine } from 'lucide-react'
import { useId, useState } from 'react'
import { MemberSelect } from '@/components/member-select'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import {
  useDelegateJunta,
  useRevokeProxy,
  useUploadProxyPaper,
  type Junta,
  type JuntaProxy,
  type ProxyDelegate,
} from '../api/juntas'

function failed(title: string) {
  return (err: unknown) => {
    toast.error(title, { description: err instanceof ApiError ? err.detail : undefined })
  }
}

/** What a representation says of itself: to whom, and how it was signed or checked. */
export function ProxyText({ proxy }: { proxy: JuntaProxy }) {
  const { t } = useTranslation()
  const to = proxy.delegateIdNumber ? `${proxy.delegateName} (${proxy.delegateIdNumber})` : proxy.delegateName
  return (
    <>
      {t('juntas.proxy.to', { name: to })} · {t(`juntas.proxy.status.${proxy.status}`)}
    </>
  )
}

/**
 * An owner's representation for the whole junta (art. 15.1 LPH): to a member, who then votes the points in
 * the app, or to anyone by name and DNI/NIE; signed here, or as a signed paper an admin checks.
 */
export function ProxyCard({ junta }: { junta: Junta }) {
  const { t } = useTranslation()
  const revoke = useRevokeProxy()
  const proxy = junta.myProxy
  if (!junta.isOwner || (!proxy && !junta.canDelegate)) return null
  return (
    <section aria-labelledby="my-proxy" className="flex flex-col gap-3 rounded-xl border bg-card p-3">
      <h2 id="my-proxy" className="font-semibold">
        {t('juntas.proxy.title')}
      </h2>
      {proxy && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p>
            <ProxyText proxy={proxy} />
          </p>
          {junta.canDelegate && (
            <Button
              variant="outline"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => {
                revoke.mutate(junta.id, {
                  onSuccess: () => toast.success(t('juntas.proxy.revoked')),
                  onError: failed(t('juntas.toasts.error')),
                })
              }}
            >
              {t('juntas.proxy.revoke')}
            </Button>
          )}
        </div>
      )}
      {junta.canDelegate && (!proxy || proxy.status === 'rejected') && <ProxyForm juntaId={junta.id} />}
    </section>
  )
}

function ProxyForm({ juntaId }: { juntaId: string }) {
  const { t } = useTranslation()
  const id = useId()
  const { user } = useSession()
  const sign = useDelegateJunta()
  const upload = useUploadProxyPaper()
  const [kind, setKind] = useState<'member' | 'other'>('member')
  const [memberId, setMemberId] = useState('')
  const [name, setName] = useState('')
  const [idNumber, setIdNumber] = useState('')
  const [agreed, setAgreed] = useState(false)
  const to: ProxyDelegate = kind === 'member' ? { delegateUserId: memberId } : { name: name.trim(), idNumber: idNumber.trim() }
  const complete = kind === 'member' ? memberId !== '' : to.name !== '' && to.idNumber !== ''
  const pending = sign.isPending || upload.isPending
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        if (!complete || !agreed) return
        sign.mutate({ id: juntaId, to }, { onSuccess: () => toast.success(t('juntas.proxy.signed')), onError: failed(t('juntas.toasts.error')) })
      }}
    >
      <p className="text-sm text-muted-foreground">{t('juntas.proxy.hint')}</p>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('juntas.proxy.who')}</legend>
        {(['member', 'other'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => {
                setKind(k)
              }}
            />
            {t(`juntas.proxy.kind.${k}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'member' ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-member`}>{t('juntas.proxy.member')}</Label>
          <MemberSelect id={`${id}-member`} value={memberId} onChange={setMemberId} placeholder={t('juntas.proxy.choose')} />
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-name`}>{t('juntas.proxy.name')}</Label>
            <Input id={`${id}-name`} maxLength={200} autoComplete="off" value={name} onChange={(e) => { setName(e.target.value) }} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-doc`}>{t('juntas.proxy.idNumber')}</Label>
            <Input id={`${id}-doc`} maxLength={20} autoComplete="off" value={idNumber} onChange={(e) => { setIdNumber(e.target.value) }} />
          </div>
        </>
      )}
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-agree`}
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.target.checked)
          }}
        />
        <Label htmlFor={`${id}-agree`} className="text-sm leading-snug font-normal">
          {t('juntas.proxy.agree')}
        </Label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!complete || !agreed || pending}>
          <PenLine aria-hidden />
          {t('juntas.proxy.sign')}
        </Button>
        <Button asChild variant="outline" disabled={!complete || pending}>
          <label aria-disabled={!complete || pending} className={complete ? 'cursor-pointer' : 'pointer-events-none opacity-50'}>
            <FileUp aria-hidden />
            {t('juntas.proxy.upload')}
            <input
              type="file"
              accept="application/pdf,image/*"
              className="sr-only"
              disabled={!complete || pending}
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (!file || !user) return
                upload.mutate(
                  { id: juntaId, ownerId: user.id, to, file },
                  { onSuccess: () => toast.success(t('juntas.proxy.uploaded')), onError: failed(t('juntas.toasts.error')) },
                )
              }}
            />
          </label>
        </Button>
      </div>
    </form>
  )
}
