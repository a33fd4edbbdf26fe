import { Info, Plus, Wrench } from 'lucide-react'
import { useState } from 'react'
import { ListPage } from '@/components/list-page'
import { SearchInput } from '@/components/search-input'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useDebounced } from '@/lib/use-debounced'
import { cn } from '@/lib/utils'
import {
  CATEGORIES,
  useArchiveProvider,
  useProviders,
  useReviewProvider,
  type Provider,
  type ProviderCategory,
} from './api/providers'
import { ProviderCard } from './components/provider-card'
import { ProviderFormDialog } from './components/provider-form-dialog'
import { RatingDialog } from './components/rating-dialog'
import { RejectDialog } from './components/reject-dialog'

/** /services: the community's providers, search and category chips, suggestions and their review. */
export function ProvidersPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const isAdmin = user?.role === 'admin'
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [category, setCategory] = useState<ProviderCategory | undefined>(undefined)
  const providers = useProviders({ ...(q ? { q } : {}), ...(category ? { category } : {}) })
  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<Provider>()
  const [rating, setRating] = useState<Provider>()
  const [rejecting, setRejecting] = useState<Provider>()
  const [archiving, setArchiving] = useState<Provider>()
  const review = useReviewProvider()
  const archive = useArchiveProvider()

  const failed = (err: unknown) => {
    toast.error(t('common.error'), { description: problemMessage(err, t) })
  }
  const all = providers.data?.items ?? []
  const pending = all.filter((p) => p.status !== 'approved')
  const listed = all.filter((p) => p.status === 'approved')
  const chips: { value: ProviderCategory | undefined; label: string }[] = [
    { value: undefined, label: t('providers.categories.all') },
    ...CATEGORIES.map((c) => ({ value: c, label: t(`providers.categories.${c}`) })),
  ]
  const card = (p: Provider) => (
    <li key={p.id}>
      <ProviderCard
        provider={p}
        isAdmin={isAdmin}
        onRate={() => {
          setRating(p)
        }}
        onEdit={() => {
          setEditing(p)
          setFormOpen(true)
        }}
        onArchive={() => {
          setArchiving(p)
        }}
        onApprove={() => {
          review.mutate(
            { id: p.id, decision: 'approved' },
            {
              onSuccess: () => toast.success(t('providers.toasts.approved')),
              onError: failed,
            },
          )
        }}
        onReject={() => {
          setRejecting(p)
        }}
      />
    </li>
  )

  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{t('providers.title')}</h1>
          <Button
            onClick={() => {
              setEditing(undefined)
              setFormOpen(true)
            }}
          >
            <Plus aria-hidden />
            {isAdmin ? t('providers.add') : t('providers.suggest')}
          </Button>
        </div>
        <p className="text-muted-foreground">{t('providers.subtitle')}</p>
      </header>

      <aside className="flex gap-3 rounded-2xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100">
        <Info className="size-5 shrink-0" aria-hidden />
        <p>{t('providers.banner')}</p>
      </aside>

      <SearchInput
        value={search}
        onValueChange={setSearch}
        label={t('providers.searchLabel')}
        placeholder={t('providers.searchPlaceholder')}
      />
      <div role="group" aria-label={t('providers.categoryFilter')} className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <button
            key={chip.value ?? 'all'}
            type="button"
            aria-pressed={category === chip.value}
            onClick={() => {
              setCategory(chip.value)
            }}
            className={cn(
              'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              category === chip.value ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
            )}
          >
            {chip.label}
          </button>
        ))}
      </div>

      {providers.isPending ? (
        <div role="status" aria-label={t('providers.loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 rounded-2xl" />
          ))}
        </div>
      ) : providers.isError && all.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-muted-foreground">{problemMessage(providers.error, t)}</p>
          <Button variant="outline" onClick={() => void providers.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          {pending.length > 0 && (
            <section aria-labelledby="services-pending" className="flex flex-col gap-3">
              <h2 id="services-pending" className="font-semibold">
                {isAdmin ? t('providers.pendingAdmin') : t('providers.pendingMine')}
              </h2>
              <ul className="flex flex-col gap-3">{pending.map(card)}</ul>
            </section>
          )}
          {listed.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
              <Wrench className="size-10" aria-hidden />
              <p>{q || category ? t('providers.noResults') : t('providers.empty')}</p>
            </div>
          ) : (
            <ul
              aria-label={t('providers.listLabel')}
              aria-busy={providers.isPlaceholderData}
              className={cn('flex flex-col gap-3 transition-opacity', providers.isPlaceholderData && 'opacity-60')}
            >
              {listed.map(card)}
            </ul>
          )}
        </>
      )}

      <ProviderFormDialog open={formOpen} onOpenChange={setFormOpen} isAdmin={isAdmin} provider={editing} />
      <RatingDialog
        provider={rating}
        onOpenChange={(open) => {
          if (!open) setRating(undefined)
        }}
      />
      <RejectDialog
        provider={rejecting}
        onOpenChange={(open) => {
          if (!open) setRejecting(undefined)
        }}
      />
      <ConfirmDialog
        open={archiving !== undefined}
        onOpenChange={(open) => {
          if (!open) setArchiving(undefined)
        }}
        title={t('providers.archiveTitle', { name: archiving?.name ?? '' })}
        description={t('providers.archiveDescription')}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('providers.actions.archive')}
        pending={archive.isPending}
        onConfirm={() => {
          if (!archiving) return
          archive.mutate(archiving.id, {
            onSuccess: () => {
              toast.success(t('providers.toasts.archived'))
              setArchiving(undefined)
            },
            onError: failed,
          })
        }}
      />
    </ListPage>
  )
}
