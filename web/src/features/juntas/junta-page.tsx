import { ArrowLeft, FileDown, Pencil, Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { ListPage } from '@/components/list-page'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api/request'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { inTabCommunity } from '@/lib/tab-community'
import { useDeleteJunta, useJunta, useJuntaNotices, useJuntaStep, type Junta } from './api/juntas'
import { ActaTab } from './components/acta-tab'
import { AttendanceTab } from './components/attendance-tab'
import { JuntaFormDialog } from './components/junta-form-dialog'
import { ProxyCard } from './components/proxy-card'
import { STATUS_BADGE, whenText } from './lib'

type Tab = 'orden' | 'convocatoria' | 'asistencia' | 'acta'

/** A junta's page: its orden del día, convocatoria, attendance (admins) and acta, each a tab (?tab=). */
export function JuntaPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const junta = useJunta(id)

  if (junta.isPending) {
    return (
      <ListPage>
        <p role="status">{t('juntas.loading')}</p>
      </ListPage>
    )
  }
  if (junta.isError) {
    const notFound = junta.error instanceof ApiError && junta.error.status === 404
    return (
      <ListPage>
        <BackLink />
        <h1 className="text-2xl font-bold tracking-tight">{t('juntas.title')}</h1>
        <div role="alert" className="flex flex-col items-center gap-2 py-8 text-center">
          <p>{notFound ? t('juntas.notFound') : t('juntas.loadError')}</p>
          {!notFound && (
            <Button variant="outline" onClick={() => void junta.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </div>
      </ListPage>
    )
  }
  return <JuntaView junta={junta.data} />
}

function BackLink() {
  const { t } = useTranslation()
  return (
    <Link to="/juntas" className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden />
      {t('juntas.back')}
    </Link>
  )
}

function failed(t: (k: 'juntas.toasts.error') => string) {
  return (err: unknown) => {
    toast.error(t('juntas.toasts.error'), { description: err instanceof ApiError ? err.detail : undefined })
  }
}

function JuntaView({ junta }: { junta: Junta }) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const navigate = useNavigate()
  const isAdmin = user?.role === 'admin'
  const [params, setParams] = useSearchParams()
  const tabs: Tab[] = isAdmin ? ['orden', 'convocatoria', 'asistencia', 'acta'] : ['orden', 'convocatoria', 'acta']
  const requested = params.get('tab') as Tab | null
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'orden'
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const convene = useJuntaStep('convene')
  const remove = useDeleteJunta()

  return (
    <ListPage>
      <BackLink />
      <header className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{junta.title}</h1>
          <Badge variant={STATUS_BADGE[junta.status]}>{t(`juntas.status.${junta.status}`)}</Badge>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('juntas.firstCall')}</dt>
          <dd>{whenText(junta.firstCall, i18n.language)}</dd>
          <dt className="text-muted-foreground">{t('juntas.secondCall')}</dt>
          <dd>{whenText(junta.secondCall, i18n.language)}</dd>
          {junta.place && (
            <>
              <dt className="text-muted-foreground">{t('juntas.place')}</dt>
              <dd>{junta.place}</dd>
            </>
          )}
          {junta.videoLink && (
            <>
              <dt className="text-muted-foreground">{t('juntas.videoLink')}</dt>
              <dd className="break-all">
                <a className="underline" href={junta.videoLink} target="_blank" rel="noreferrer">
                  {junta.videoLink}
                </a>
              </dd>
            </>
          )}
          <dt className="text-muted-foreground">{t('juntas.convenedBy')}</dt>
          <dd>{junta.convenedBy === 'promoters' ? t('juntas.promoters') : junta.presidentName}</dd>
          <dt className="text-muted-foreground">{t('juntas.secretary')}</dt>
          <dd>{junta.secretaryName}</dd>
        </dl>
        {junta.onlineNote && <p className="text-sm text-muted-foreground">{junta.onlineNote}</p>}
        {junta.myAttendance && (
          <p className="text-sm">{t('juntas.myAttendance', { status: t(`juntas.attendance.status.${junta.myAttendance}`) })}</p>
        )}
        {junta.canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => {
                convene.mutate(junta.id, {
                  onSuccess: () => toast.success(t('juntas.toasts.convened')),
                  onError: failed(t),
                })
              }}
              disabled={convene.isPending}
            >
              <Send aria-hidden />
              {t('juntas.convene')}
            </Button>
            <Button variant="outline" onClick={() => { setEditing(true); }}>
              <Pencil aria-hidden />
              {t('juntas.edit')}
            </Button>
            <Button variant="ghost" onClick={() => { setDeleting(true); }}>
              <Trash2 aria-hidden />
              {t('juntas.delete')}
            </Button>
          </div>
        )}
      </header>

      <Tabs
        value={tab}
        onValueChange={(v) => {
          setParams({ tab: v }, { replace: true })
        }}
      >
        <TabsList aria-label={t('juntas.tabsLabel')} className="overflow-x-auto">
          {tabs.map((v) => (
            <TabsTrigger key={v} value={v}>
              {t(`juntas.tabs.${v}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="orden">
          <ol className="flex flex-col gap-2" aria-label={t('juntas.tabs.orden')}>
            {junta.points.map((p) => (
              <li key={p.id} className="rounded-xl border bg-card p-3">
                <p className="font-medium">
                  {p.position}. {p.title}
                </p>
                {p.description && <p className="text-sm whitespace-pre-line text-muted-foreground">{p.description}</p>}
                {(p.documents ?? []).length > 0 && (
                  <ul className="flex flex-col gap-0.5 text-sm" aria-label={t('juntas.pointDocuments', { n: p.position })}>
                    {(p.documents ?? []).map((d) => (
                      <li key={d.id}>
                        <a className="inline-flex items-center gap-1 underline" href={inTabCommunity(d.downloadUrl)}>
                          <FileDown className="size-4" aria-hidden />
                          {d.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                <p className="text-xs text-muted-foreground">
                  {p.agreement ? t('juntas.agreementWith', { majority: t(`juntas.majority.${p.majority ?? 'simple'}`) }) : t('juntas.informative')}
                  {p.pollId && (
                    <>
                      {' · '}
                      <Link className="underline" to="/voting">
                        {t('juntas.seeVote')}
                      </Link>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ol>
        </TabsContent>
        <TabsContent value="convocatoria">
          <Convocatoria junta={junta} isAdmin={isAdmin} />
        </TabsContent>
        {isAdmin && (
          <TabsContent value="asistencia">
            <AttendanceTab junta={junta} />
          </TabsContent>
        )}
        <TabsContent value="acta">
          <ActaTab junta={junta} />
        </TabsContent>
      </Tabs>

      <JuntaFormDialog open={editing} onOpenChange={setEditing} junta={junta} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('juntas.deleteConfirm')}
        description={t('juntas.deleteConfirmDescription')}
        cancelLabel={t('juntas.form.cancel')}
        confirmLabel={t('juntas.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          remove.mutate(junta.id, {
            onSuccess: () => void navigate('/juntas'),
            onError: failed(t),
          })
        }}
      />
    </ListPage>
  )
}

function Convocatoria({ junta, isAdmin }: { junta: Junta; isAdmin: boolean }) {
  const { t } = useTranslation()
  if (junta.status === 'borrador') {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{t('juntas.draftNote')}</p>
        <pre className="rounded-xl border bg-card p-3 font-sans text-sm whitespace-pre-wrap">{junta.convocatoria}</pre>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      <ProxyCard junta={junta} />
      <pre className="rounded-xl border bg-card p-3 font-sans text-sm whitespace-pre-wrap">{junta.convocatoria}</pre>
      {junta.debtors.length > 0 && <p className="text-xs text-muted-foreground">{t('juntas.debtorsNote')}</p>}
      {isAdmin && <ProofOfNotice junta={junta} />}
    </div>
  )
}

function ProofOfNotice({ junta }: { junta: Junta }) {
  const { t, i18n } = useTranslation()
  const notices = useJuntaNotices(junta.id, true)
  const stamp = (iso: string | null | undefined) => (iso ? whenText(iso, i18n.language) : '—')
  if (notices.isPending) return <p role="status">{t('juntas.loading')}</p>
  if (notices.isError) return <p role="alert">{t('juntas.loadError')}</p>
  return (
    <section aria-labelledby="proof" className="flex flex-col gap-3">
      <h2 id="proof" className="text-lg font-semibold">
        {t('juntas.proof.title')}
      </h2>
      <ul className="flex flex-col gap-2">
        {notices.data.notices.map((n) => (
          <li key={n.userId} className="rounded-xl border bg-card p-3 text-sm">
            <p className="font-medium">{n.name}</p>
            {n.email ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3">
                <dt className="text-muted-foreground">{t('juntas.proof.queued')}</dt>
                <dd>{stamp(n.queuedAt)}</dd>
                <dt className="text-muted-foreground">{t('juntas.proof.sent')}</dt>
                <dd>{n.failedAt ? t('juntas.proof.failed', { when: stamp(n.failedAt) }) : stamp(n.sentAt)}</dd>
                <dt className="text-muted-foreground">{t('juntas.proof.opened')}</dt>
                <dd>{stamp(n.openedAt)}</dd>
                {n.bouncedAt && (
                  <>
                    <dt className="text-muted-foreground">{t('juntas.proof.bounce')}</dt>
                    <dd className="text-destructive">
                      {t('juntas.proof.bounced', { when: stamp(n.bouncedAt), status: n.bounceStatus })}
                    </dd>
                  </>
                )}
              </dl>
            ) : (
              <p className="text-muted-foreground">{t('juntas.proof.noEmail')}</p>
            )}
          </li>
        ))}
      </ul>
      <h3 className="font-semibold">{t('juntas.proof.paper')}</h3>
      {notices.data.paper.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('juntas.proof.noPaper')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {notices.data.paper.map((p, i) => (
            <li key={i}>
              {p.name ? `${p.name} · ` : ''}
              {p.units.join(', ')} — {t(`juntas.proof.reason.${p.reason}`)}
            </li>
          ))}
        </ul>
      )}
      <Button asChild variant="outline" className="self-start">
        <a href={`/api/v1/juntas/${junta.id}/letters`} download>
          <FileDown aria-hidden />
          {t('juntas.proof.letters')}
        </a>
      </Button>
      {junta.debtors.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('juntas.debtorsCount', { count: junta.debtors.length, total: euros(junta.debtors.reduce((s, d) => s + d.owedCents, 0)) })}
        </p>
      )}
    </section>
  )
}
