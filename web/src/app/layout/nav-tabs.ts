import { CalendarDays, House, Menu, MessageCircle, TriangleAlert, type LucideIcon } from 'lucide-react'

/** The five tabs of the bottom bar. */
export type NavTab = 'home' | 'messages' | 'incidents' | 'events' | 'menu'

export interface NavTabItem {
  tab: NavTab
  to: string
  icon: LucideIcon
  /** Other paths that belong to the tab (its screens' sub-screens). */
  alsoActiveOn: readonly string[]
}

export const NAV_TABS: readonly NavTabItem[] = [
  { tab: 'home', to: '/dashboard', icon: House, alsoActiveOn: [] },
  {
    tab: 'messages',
    to: '/messages',
    icon: MessageCircle,
    alsoActiveOn: ['/conversation', '/community-channel', '/community'],
  },
  { tab: 'incidents', to: '/incidents', icon: TriangleAlert, alsoActiveOn: [] },
  { tab: 'events', to: '/events', icon: CalendarDays, alsoActiveOn: [] },
  { tab: 'menu', to: '/menu', icon: Menu, alsoActiveOn: [] },
]

function under(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`)
}

/** The tab to highlight on a path; undefined on screens that belong to none (settings, directory…). */
export function activeTab(pathname: string): NavTab | undefined {
  return NAV_TABS.find((item) => [item.to, ...item.alsoActiveOn].some((base) => under(pathname, base)))?.tab
}
