import {
  CalendarCheck,
  CalendarDays,
  ChevronRight,
  FolderOpen,
  Gavel,
  Landmark,
  ClipboardList,
  Megaphone,
  MessageCircle,
  MessagesSquare,
  Receipt,
  Settings,
  TriangleAlert,
  Users,
  Vote,
  Wrench,
  type LucideIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'

type MenuItem =
  | 'announcements'
  | 'messages'
  | 'directory'
  | 'incidents'
  | 'events'
  | 'reservations'
  | 'documents'
  | 'voting'
  | 'juntas'
  | 'services'
  | 'tasks'
  | 'wall'
  | 'myFees'
  | 'accounts'
  | 'money'
  | 'settings'

const ITEMS: readonly { item: MenuItem; to: string; icon: LucideIcon }[] = [
  { item: 'announcements', to: '/announcements', icon: Megaphone },
  { item: 'messages', to: '/messages', icon: MessageCircle },
  { item: 'directory', to: '/directory', icon: Users },
  { item: 'incidents', to: '/incidents', icon: TriangleAlert },
  { item: 'events', to: '/events', icon: CalendarDays },
  { item: 'reservations', to: '/reservations', icon: CalendarCheck },
  { item: 'documents', to: '/documents', icon: FolderOpen },
  { item: 'voting', to: '/voting', icon: Vote },
  { item: 'juntas', to: '/juntas', icon: Gavel },
  { item: 'services', to: '/services', icon: Wrench },
  { item: 'tasks', to: '/tasks', icon: ClipboardList },
  { item: 'wall', to: '/wall', icon: MessagesSquare },
  { item: 'myFees', to: '/my-fees', icon: Receipt },
  { item: 'accounts', to: '/accounts', icon: Landmark },
  { item: 'money', to: '/money', icon: Landmark },
  { item: 'settings', to: '/settings', icon: Settings },
]

/** The sections only admins have: 'Cuentas', the community's money. */
const ADMIN_ITEMS: ReadonlySet<MenuItem> = new Set(['money'])

/** Navigation only: a card for every section of the app. */
export function MenuPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const items = ITEMS.filter(({ item }) => !ADMIN_ITEMS.has(item) || user?.role === 'admin')
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
      <h1 className="text-2xl font-bold tracking-tight">{t('menu.title')}</h1>
      <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        {items.map(({ item, to, icon: Icon }) => (
          <li key={item}>
            <Link
              to={to}
              className={
                'flex h-full items-center gap-3 rounded-2xl border bg-card p-4 shadow-sm transition-colors ' +
                'outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring'
              }
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{t(`menu.items.${item}.title`)}</span>
                <span className="block text-xs text-muted-foreground">{t(`menu.items.${item}.description`)}</span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  )
}
