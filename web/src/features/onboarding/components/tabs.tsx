import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

interface TabsProps<T extends string> {
  label: string
  value: T
  onChange: (value: T) => void
  tabs: readonly { id: T; label: ReactNode }[]
  children: ReactNode
}

/** A small segmented tab bar (ARIA tabs, arrow keys move between them) over one panel. */
export function Tabs<T extends string>({ label, value, onChange, tabs, children }: TabsProps<T>) {
  const base = useId()
  const index = tabs.findIndex((tab) => tab.id === value)
  const move = (delta: number) => {
    const next = tabs[(index + delta + tabs.length) % tabs.length]
    if (next) {
      onChange(next.id)
      document.getElementById(`${base}-tab-${next.id}`)?.focus()
    }
  }
  return (
    <div className="flex flex-col gap-5">
      <div role="tablist" aria-label={label} className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-muted p-1">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === value}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === value ? 0 : -1}
            className={cn(
              'h-10 min-w-0 truncate rounded-lg px-2 text-sm font-semibold transition-colors outline-none ' +
                'focus-visible:ring-2 focus-visible:ring-ring',
              tab.id === value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
            onClick={() => {
              onChange(tab.id)
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(1)
              if (e.key === 'ArrowLeft') move(-1)
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${value}`}>
        {children}
      </div>
    </div>
  )
}
