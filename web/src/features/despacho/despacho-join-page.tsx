import { useEffect, useRef } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { ListPage } from '@/components/list-page'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useJoinOrganisation } from './api/despacho'

/** /despacho/unirse?token=…: the link of an invitation to an office's team, accepted by the signed-in account. */
export function DespachoJoinPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const join = useJoinOrganisation()
  const sent = useRef(false)
  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    join.mutate(token, {
      onSuccess: (o) => toast.success(t('despacho.join.joined', { name: o.name })),
    })
  }, [token, join, t])
  if (join.isSuccess) return <Navigate to="/despacho" replace />
  return (
    <ListPage>
      <h1 className="text-2xl font-bold tracking-tight">{t('despacho.join.title')}</h1>
      {!token && <p role="alert">{t('despacho.join.missing')}</p>}
      {join.isPending && (
        <p className="flex items-center gap-2">
          <Spinner /> {t('despacho.join.joining')}
        </p>
      )}
      {join.isError && (
        <p role="alert" className="text-destructive">
          {problemMessage(join.error, t)}
        </p>
      )}
    </ListPage>
  )
}
