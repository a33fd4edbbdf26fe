import { ChevronRight, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import type { TranslationKey } from '@/lib/translator'
import { useSession } from '@/lib/session'

/** A card of the menu: the route table (src/app/routes.ts) lists them, each feature's with its own texts. */
export interface MenuCard {
  path: string
  /** The catalogue section of its title and description. */
  texts: string
  icon: LucideIcon
  adminOnly?: boolean
}

/** Navigation only: a card for every section of the app. */
export function MenuPage({ cards }: { cards: readonly MenuCard[] }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const items = cards.filter(({ adminOnly }) => !adminOnly || user?.role === 'admin')
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
      <h1 className="text-2xl font-bold tracking-tight">{t('menu.title')}</h1>
      <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        {items.map(({ path, texts, icon: Icon }) => (
          <li key={path}>
            <Link
              to={path}
              className={
                'flex h-full items-center gap-3 rounded-2xl border bg-card p-4 shadow-sm transition-colors ' +
                'outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring'
              }
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{t(`${texts}.title` as TranslationKey)}</span>
                <span className="block text-xs text-muted-foreground">{t(`${texts}.description` as TranslationKey)}</span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  )
}
