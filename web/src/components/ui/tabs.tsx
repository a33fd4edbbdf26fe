import { createContext, use, useId, useRef, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

interface TabsState {
  value: string
  onValueChange: (value: string) => void
  baseId: string
}

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const state = use(TabsContext)
  if (!state) throw new Error('Tabs parts must be inside <Tabs>')
  return state
}

interface TabsProps extends Omit<ComponentProps<'div'>, 'onChange'> {
  value: string
  onValueChange: (value: string) => void
}

/** Tabs (WAI-ARIA tabs pattern): one tab list, one panel per value; arrow keys move between tabs. */
export function Tabs({ value, onValueChange, className, children, ...props }: TabsProps) {
  const baseId = useId()
  return (
    <TabsContext value={{ value, onValueChange, baseId }}>
      <div className={cn('flex flex-col gap-4', className)} {...props}>
        {children}
      </div>
    </TabsContext>
  )
}

export function TabsList({ className, children, ...props }: ComponentProps<'div'>) {
  const ref = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])
    const index = tabs.findIndex((tab) => tab === document.activeElement)
    if (index < 0) return
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    tabs[next]?.focus()
    tabs[next]?.click()
  }
  return (
    <div
      ref={ref}
      role="tablist"
      onKeyDown={onKeyDown}
      className={cn('grid auto-cols-fr grid-flow-col rounded-xl bg-muted p-1', className)}
      {...props}
    >
      {children}
    </div>
  )
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string
  children: ReactNode
}

export function TabsTrigger({ value, className, children, ...props }: TabsTriggerProps) {
  const tabs = useTabs()
  const selected = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${value}`}
      aria-selected={selected}
      aria-controls={`${tabs.baseId}-panel-${value}`}
      tabIndex={selected ? 0 : -1}
      onClick={() => {
        tabs.onValueChange(value)
      }}
      className={cn(
        'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap ' +
          'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4',
        selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  )
}

interface TabsContentProps extends ComponentProps<'div'> {
  value: string
}

/** The panel of one tab; only the selected one is rendered. */
export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs()
  if (tabs.value !== value) return null
  return (
    <div
      role="tabpanel"
      id={`${tabs.baseId}-panel-${value}`}
      aria-labelledby={`${tabs.baseId}-tab-${value}`}
      className={cn('outline-none', className)}
      {...props}
    />
  )
}
