import { ArrowLeft, Building2, LogOut } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { CodeForm } from '@/components/code-form'
import { ListPage } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useJoinCommunity, useLeaveCommunity, useMemberships, useSwitchCommunity } from './api/memberships'

/**
 * /settings/communities (ADR 0040): the account's communities, each with its role, home and unread messages;
 * open one in this tab, join another by its code, leave the one open here (the account and the others stay).
 */
export function CommunitiesPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const memberships = useMemberships()
  const switchTo = useSwitchCommunity()
  const join = useJoinCommunity()
  const leave = useLeaveCommunity()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const [leaving, setLeaving] = useState(false)
  const list = memberships.data ?? []
  const current = list.find((m) => m.communityId === user?.communityId)

  const onJoin = () => {
    setCodeError(undefined)
    join.mutate(code, {
      onSuccess: (me) => {
        setCode('')
        if (me.communityId) toast.success(t('memberships.join.joined'))
        else toast.success(t('memberships.join.requested'))
      },
      onError: (err) => {
        setCodeError(problemMessage(err, t))
      },
    })
  }

  return (
    <ListPage>
      <header className="flex min-w-0 items-center gap-2">
        <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
          <Link to="/settings" aria-label={t('common.back')}>
            <ArrowLeft className="size-5!" aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight">{t('memberships.page.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('memberships.page.description')}</p>
        </div>
      </header>
      <section aria-labelledby="communities-list" className="flex flex-col gap-2">
        <h2 id="communities-list" className="sr-only">
          {t('memberships.page.title')}
        </h2>
        {memberships.isPending && <Spinner />}
        {memberships.isError && <p role="alert">{t('memberships.page.loadError')}</p>}
        {memberships.isSuccess && list.length === 0 && <p className="text-muted-foreground">{t('memberships.page.none')}</p>}
        {list.length > 0 && (
          <ul aria-labelledby="communities-list" className="flex flex-col overflow-hidden rounded-2xl border bg-card">
            {list.map((m) => {
              const isCurrent = m.communityId === user?.communityId
              return (
                <li key={m.communityId} className="flex min-h-16 items-center gap-3 border-b px-4 py-3 last:border-b-0">
                  <Building2 className="size-5 shrink-0 text-primary" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{m.communityName}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {m.staff ? t('memberships.page.staff') : t(`memberships.role.${m.role}`)}
                      {m.unitNumber ? ` · ${t('memberships.page.unit', { unit: m.unitNumber })}` : ''}
                      {m.unread > 0 ? ` · ${t('memberships.page.unread', { count: m.unread })}` : ''}
                    </p>
                  </div>
                  {isCurrent ? (
                    <span className="shrink-0 text-sm font-medium text-primary" aria-current="true">
                      {t('memberships.page.current')}
                    </span>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      className="shrink-0"
                      disabled={switchTo.isPending}
                      aria-label={t('memberships.page.openNamed', { name: m.communityName })}
                      onClick={() => {
                        switchTo.mutate(m)
                      }}
                    >
                      {t('memberships.page.open')}
                    </Button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="communities-join" className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
        <h2 id="communities-join" className="font-semibold">
          {t('memberships.join.title')}
        </h2>
        <CodeForm
          id="join-code"
          label={t('memberships.join.code')}
          hint={t('memberships.join.hint')}
          error={codeError}
          value={code}
          onChange={setCode}
          maxLength={16}
          pending={join.isPending}
          submitLabel={join.isPending ? t('memberships.join.joining') : t('memberships.join.submit')}
          onSubmit={onJoin}
        />
      </section>

      {current && !current.staff && (
        <section aria-labelledby="communities-leave" className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
          <h2 id="communities-leave" className="font-semibold">
            {t('memberships.leave.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('memberships.leave.description')}</p>
          <Button
            variant="destructive"
            onClick={() => {
              setLeaving(true)
            }}
          >
            <LogOut aria-hidden />
            {t('memberships.leave.button', { name: current.communityName })}
          </Button>
          <ConfirmDialog
            open={leaving}
            onOpenChange={setLeaving}
            title={t('memberships.leave.title')}
            description={t('memberships.leave.confirm', { name: current.communityName })}
            cancelLabel={t('memberships.leave.cancel')}
            confirmLabel={leave.isPending ? t('memberships.leave.leaving') : t('memberships.leave.button', { name: current.communityName })}
            pending={leave.isPending}
            onConfirm={() => {
              leave.mutate(current.communityId, {
                onSuccess: () => {
                  setLeaving(false)
                  toast.success(t('memberships.leave.done'))
                },
                onError: (err) => {
                  setLeaving(false)
                  toast.error(problemMessage(err, t))
                },
              })
            }}
          />
        </section>
      )}
    </ListPage>
  )
}
