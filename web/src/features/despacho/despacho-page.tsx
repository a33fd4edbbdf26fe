import { Briefcase, Building2, FileUp, UserMinus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ListPage } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { euros } from '@/lib/euros'
import { useTranslation, type TFunction } from '@/lib/i18n'
import {
  type Organisation,
  type Processor,
  useAcceptCommunity,
  useCreateOrganisation,
  useInviteStaff,
  useOpenRunCommunity,
  useOrganisation,
  useOrganisationCommunities,
  useRemoveStaff,
  useStaff,
} from './api/despacho'
import { BulkActions } from './bulk-actions'
import { NewCommunity } from './new-community'
import { OfficeSearch } from './office-search'

/**
 * /despacho (ADR 0045): the administrador de fincas' office. Without one, the form that creates it; with
 * one, its communities (accept an invitation, open one in this tab) and its team.
 */
export function DespachoPage() {
  const { t } = useTranslation()
  const organisation = useOrganisation()
  return (
    <ListPage>
      <header className="flex min-w-0 items-center gap-2">
        <Briefcase className="size-6 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight">{organisation.data?.name ?? t('despacho.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('despacho.description')}</p>
        </div>
      </header>
      {organisation.isPending && <Spinner />}
      {organisation.isError && <p role="alert">{t('despacho.loadError')}</p>}
      {organisation.isSuccess && !organisation.data && <CreateOrganisation />}
      {organisation.data && (
        <>
          <OrganisationCard organisation={organisation.data} />
          <OfficeSearch />
          {organisation.data.rights !== 'read' && <NewCommunity />}
          <Communities organisation={organisation.data} />
          {organisation.data.rights !== 'read' && <OfficeBulk />}
          <Staff organisation={organisation.data} />
        </>
      )}
    </ListPage>
  )
}

function CreateOrganisation() {
  const { t } = useTranslation()
  const create = useCreateOrganisation()
  const [form, setForm] = useState({ name: '', nif: '', colegiado: '' })
  const [error, setError] = useState<string>()
  return (
    <section aria-labelledby="despacho-create" className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
      <h2 id="despacho-create" className="font-semibold">
        {t('despacho.create.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('despacho.create.description')}</p>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          setError(undefined)
          create.mutate(
            { name: form.name, nif: form.nif, colegiado: form.colegiado || undefined },
            {
              onSuccess: () => toast.success(t('despacho.create.done')),
              onError: (err) => {
                setError(problemMessage(err, t))
              },
            },
          )
        }}
      >
        {(['name', 'nif', 'colegiado'] as const).map((field) => (
          <FormField key={field} id={`despacho-${field}`} label={t(`despacho.create.${field}`)}>
            {(control) => (
              <Input
                {...control}
                value={form[field]}
                onChange={(event) => {
                  setForm({ ...form, [field]: event.target.value })
                }}
                autoCapitalize={field === 'nif' ? 'characters' : undefined}
                maxLength={field === 'name' ? 120 : 20}
                required={field !== 'colegiado'}
              />
            )}
          </FormField>
        ))}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" disabled={create.isPending || !form.name.trim() || !form.nif.trim()} aria-busy={create.isPending}>
          {create.isPending ? t('despacho.create.creating') : t('despacho.create.submit')}
        </Button>
      </form>
    </section>
  )
}

function OrganisationCard({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col gap-1 rounded-2xl border bg-card p-4 text-sm">
      <p>
        {t('despacho.org.nif')}: {o.nif}
        {o.colegiado ? ` · ${t('despacho.org.colegiado')}: ${o.colegiado}` : ''}
      </p>
      <p>{t(`despacho.org.rights.${o.rights}`)}</p>
      <p>
        {t('despacho.org.code')}: <strong className="font-mono">{o.code}</strong>
      </p>
      <p className="text-muted-foreground">{t('despacho.org.codeHint')}</p>
    </section>
  )
}

type SortKey = 'name' | 'incidents' | 'junta' | 'debt'

function openIncidents(c: Processor) {
  const o = c.overview
  return o ? o.incidentsUnder7 + o.incidents7To30 + o.incidentsOver30 : -1
}

/** The overview's order (issue #35): by name, by most open incidents, by the soonest junta (none last), or by most debt. */
export function sortCommunities(list: readonly Processor[], key: SortKey, filter: string): Processor[] {
  const needle = filter.trim().toLocaleLowerCase('es')
  const byName = (a: Processor, b: Processor) => a.communityName.localeCompare(b.communityName, 'es')
  const junta = (c: Processor) => (c.overview?.nextJuntaAt ? Date.parse(c.overview.nextJuntaAt) : Number.POSITIVE_INFINITY)
  return list
    .filter((c) => !needle || c.communityName.toLocaleLowerCase('es').includes(needle))
    .sort((a, b) => {
      if (key === 'incidents') return openIncidents(b) - openIncidents(a) || byName(a, b)
      if (key === 'junta') return junta(a) - junta(b) || byName(a, b)
      if (key === 'debt') return (b.overview?.debtCents ?? -1) - (a.overview?.debtCents ?? -1) || byName(a, b)
      return byName(a, b)
    })
}

/** How the community's banks square with its books: the difference, or that they square, or that no statement is in. */
function bankLine(difference: number | null, t: TFunction): string {
  if (difference === null) return t('despacho.communities.noStatement')
  if (difference === 0) return t('despacho.communities.bankSquares')
  return t('despacho.communities.bankDifference', { amount: euros(difference) })
}

function Communities({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation()
  const { date } = useDateFormat()
  const communities = useOrganisationCommunities(true)
  const accept = useAcceptCommunity()
  const open = useOpenRunCommunity()
  const [filter, setFilter] = useState('')
  const [sort, setSort] = useState<SortKey>('name')
  const all = communities.data ?? []
  const list = sortCommunities(all, sort, filter)
  return (
    <section aria-labelledby="despacho-communities" className="flex flex-col gap-2">
      <h2 id="despacho-communities" className="px-1 text-sm font-semibold text-muted-foreground">
        {t('despacho.communities.title')}
      </h2>
      {communities.isPending && <Spinner />}
      {communities.isSuccess && all.length === 0 && <p className="text-muted-foreground">{t('despacho.communities.none')}</p>}
      {all.length > 0 && (
        <div className="flex flex-wrap gap-3">
          <FormField id="despacho-filter" label={t('despacho.communities.filter')}>
            {(control) => (
              <Input
                {...control}
                type="search"
                value={filter}
                onChange={(event) => {
                  setFilter(event.target.value)
                }}
              />
            )}
          </FormField>
          <FormField id="despacho-sort" label={t('despacho.communities.sort')}>
            {(control) => (
              <NativeSelect
                {...control}
                value={sort}
                onChange={(event) => {
                  const v = event.target.value
                  setSort(v === 'incidents' || v === 'junta' || v === 'debt' ? v : 'name')
                }}
              >
                <option value="name">{t('despacho.communities.sortName')}</option>
                <option value="incidents">{t('despacho.communities.sortIncidents')}</option>
                <option value="junta">{t('despacho.communities.sortJunta')}</option>
                <option value="debt">{t('despacho.communities.sortDebt')}</option>
              </NativeSelect>
            )}
          </FormField>
        </div>
      )}
      {all.length > 0 && list.length === 0 && <p className="text-muted-foreground">{t('despacho.communities.noMatch')}</p>}
      {list.length > 0 && (
        <ul aria-labelledby="despacho-communities" className="flex flex-col overflow-hidden rounded-2xl border bg-card">
          {list.map((c) => (
            <li key={c.communityId} className="flex min-h-16 items-center gap-3 border-b px-4 py-3 last:border-b-0">
              <Building2 className="size-5 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{c.communityName}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {c.status === 'active' && c.acceptedAt
                    ? t('despacho.communities.since', { date: date(c.acceptedAt) })
                    : t('despacho.communities.invited')}
                </p>
                {c.overview && (
                  <div className="text-sm text-muted-foreground">
                    <p>
                      {t('despacho.communities.incidents', {
                        under7: c.overview.incidentsUnder7,
                        to30: c.overview.incidents7To30,
                        over30: c.overview.incidentsOver30,
                      })}
                    </p>
                    <p>{t('despacho.communities.bookings', { count: c.overview.pendingBookings })}</p>
                    <p>{t('despacho.communities.unread', { count: c.overview.unreadMessages })}</p>
                    <p>
                      {c.overview.nextJuntaAt
                        ? t('despacho.communities.junta', { date: date(c.overview.nextJuntaAt) })
                        : t('despacho.communities.noJunta')}
                    </p>
                    <p>
                      {c.overview.debtCents > 0
                        ? t('despacho.communities.debt', { amount: euros(c.overview.debtCents), count: c.overview.unitsInDebt })
                        : t('despacho.communities.noDebt')}
                    </p>
                    <p>{bankLine(c.overview.bankDifferenceCents, t)}</p>
                  </div>
                )}
              </div>
              {c.status === 'invited' ? (
                organisation.rights !== 'read' && (
                  <Button
                    size="sm"
                    className="shrink-0"
                    disabled={accept.isPending}
                    onClick={() => {
                      accept.mutate(c.communityId, {
                        onSuccess: () => toast.success(t('despacho.communities.accepted')),
                        onError: (err) => toast.error(problemMessage(err, t)),
                      })
                    }}
                  >
                    {t('despacho.communities.accept')}
                  </Button>
                )
              ) : (
                <div className="flex shrink-0 flex-col gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('despacho.communities.openNamed', { name: c.communityName })}
                    onClick={() => void open(c.communityId)}
                  >
                    {t('despacho.communities.open')}
                  </Button>
                  {organisation.rights !== 'read' && (
                    <Button asChild variant="ghost" size="sm">
                      <Link
                        to={`/despacho/comunidades/${c.communityId}/importar`}
                        aria-label={t('despacho.communities.import', { name: c.communityName })}
                      >
                        <FileUp aria-hidden />
                        {t('despacho.communities.importShort')}
                      </Link>
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function OfficeBulk() {
  const communities = useOrganisationCommunities(true)
  return communities.data ? <BulkActions communities={communities.data} /> : null
}

function Staff({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation()
  const staff = useStaff(true)
  const invite = useInviteStaff()
  const remove = useRemoveStaff()
  const [email, setEmail] = useState('')
  const [rights, setRights] = useState<'write' | 'read'>('write')
  const [error, setError] = useState<string>()
  const isOwner = organisation.rights === 'owner'
  return (
    <section aria-labelledby="despacho-staff" className="flex flex-col gap-2">
      <h2 id="despacho-staff" className="px-1 text-sm font-semibold text-muted-foreground">
        {t('despacho.staff.title')}
      </h2>
      {staff.data && (
        <ul aria-labelledby="despacho-staff" className="flex flex-col overflow-hidden rounded-2xl border bg-card">
          {(staff.data.staff ?? []).map((m) => (
            <li key={m.userId} className="flex min-h-14 items-center gap-3 border-b px-4 py-3 last:border-b-0">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{m.fullName}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {m.email} · {t(`despacho.org.rights.${m.rights}`)}
                </p>
              </div>
              {isOwner && m.rights !== 'owner' && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('despacho.staff.removeNamed', { name: m.fullName })}
                  disabled={remove.isPending}
                  onClick={() => {
                    remove.mutate(m.userId, { onSuccess: () => toast.success(t('despacho.staff.removed')) })
                  }}
                >
                  <UserMinus aria-hidden />
                </Button>
              )}
            </li>
          ))}
          {(staff.data.invitations ?? []).map((inv) => (
            <li key={inv.id} className="flex min-h-14 items-center gap-3 border-b px-4 py-3 last:border-b-0">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{inv.email}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {t('despacho.staff.pending')} · {t(`despacho.org.rights.${inv.rights}`)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {isOwner && (
        <form
          className="flex flex-col gap-3 rounded-2xl border bg-card p-4"
          noValidate
          aria-label={t('despacho.staff.invite')}
          onSubmit={(e) => {
            e.preventDefault()
            setError(undefined)
            invite.mutate(
              { email, rights },
              {
                onSuccess: () => {
                  setEmail('')
                  toast.success(t('despacho.staff.sent'))
                },
                onError: (err) => {
                  setError(problemMessage(err, t))
                },
              },
            )
          }}
        >
          <h3 className="font-semibold">{t('despacho.staff.invite')}</h3>
          <FormField id="staff-email" label={t('despacho.staff.email')} error={error}>
            {(control) => (
              <Input
                {...control}
                type="email"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value)
                }}
                autoComplete="off"
                required
              />
            )}
          </FormField>
          <FormField id="staff-rights" label={t('despacho.staff.rights')}>
            {(control) => (
              <NativeSelect
                {...control}
                value={rights}
                onChange={(event) => {
                  setRights(event.target.value === 'read' ? 'read' : 'write')
                }}
              >
                <option value="write">{t('despacho.staff.write')}</option>
                <option value="read">{t('despacho.staff.read')}</option>
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" disabled={invite.isPending || !email.trim()} aria-busy={invite.isPending}>
            {t('despacho.staff.submit')}
          </Button>
        </form>
      )}
    </section>
  )
}
