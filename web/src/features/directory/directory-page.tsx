import { UserCheck, Users, UserX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { SearchInput } from '@/components/search-input'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useDebounced } from '@/lib/use-debounced'
import { cn } from '@/lib/utils'
import { useDirectory, type ResidentRole } from './api/get-directory'
import { ResidentCard } from './components/resident-card'

const ROLES: readonly ResidentRole[] = ['admin', 'president', 'owner', 'tenant', 'user']

/** The directory: search by name or unit, role chips, the community's counters and the residents. */
export function DirectoryPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const hasCommunity = Boolean(user?.communityId)
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [role, setRole] = useState<ResidentRole | undefined>(undefined)
  const directory = useDirectory({ ...(q ? { q } : {}), ...(role ? { role } : {}) }, hasCommunity)
  const noCommunity = !hasCommunity || (directory.error instanceof ApiError && directory.error.status === 403)

  useEffect(() => {
    if (directory.isError && !noCommunity) toast.error(t('common.error'), { description: t('directory.loadError') })
  }, [directory.isError, noCommunity, t])

  const heading = (
    <header className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold tracking-tight">{t('directory.title')}</h1>
      <p className="text-muted-foreground">{t('directory.subtitle')}</p>
    </header>
  )

  if (noCommunity) {
    return (
      <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
        {heading}
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <UserX className="size-10" aria-hidden />
          <p>{t('directory.noCommunity')}</p>
        </div>
      </main>
    )
  }

  const data = directory.data
  const residents = data?.residents ?? []
  const chips: { value: ResidentRole | undefined; label: string }[] = [
    { value: undefined, label: t('directory.roles.all') },
    ...ROLES.map((r) => ({ value: r, label: t(`directory.roles.${r}`) })),
  ]

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
      {heading}

      <dl className="grid grid-cols-2 gap-3">
        <Counter icon={UserCheck} label={t('directory.counters.active')} value={data?.residentesActivos} />
        <Counter icon={Users} label={t('directory.counters.owners')} value={data?.propietarios} />
      </dl>

      <SearchInput
        value={search}
        onValueChange={setSearch}
        label={t('directory.searchLabel')}
        placeholder={t('directory.searchPlaceholder')}
      />

      <div role="group" aria-label={t('directory.roleFilter')} className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const active = role === chip.value
          return (
            <button
              key={chip.value ?? 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setRole(chip.value)
              }}
              className={cn(
                'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card text-foreground hover:bg-muted',
              )}
            >
              {chip.label}
            </button>
          )
        })}
      </div>

      {directory.isPending ? (
        <div role="status" aria-label={t('directory.loading')} className="flex flex-col gap-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex gap-3 rounded-2xl border bg-card p-4">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : residents.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">
          {directory.isError ? t('directory.loadError') : t('directory.empty')}
        </p>
      ) : (
        <ul
          className={cn('flex flex-col gap-3 transition-opacity', directory.isPlaceholderData && 'opacity-60')}
          aria-label={t('directory.listLabel')}
          aria-busy={directory.isPlaceholderData}
        >
          {residents.map((resident) => (
            <li key={resident.id}>
              <ResidentCard resident={resident} />
            </li>
          ))}
        </ul>
      )}
      <p className="text-center text-xs text-muted-foreground">{t('directory.privacy')}</p>
    </main>
  )
}

function Counter({ icon: Icon, label, value }: { icon: typeof Users; label: string; value: number | undefined }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border bg-card p-4 shadow-sm">
      <Icon className="size-5 text-primary" aria-hidden />
      <dt className="order-last text-sm text-muted-foreground">{label}</dt>
      <dd className="text-3xl font-bold tabular-nums">{value ?? '–'}</dd>
    </div>
  )
}
