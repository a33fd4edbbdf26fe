import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

export interface DropdownMenuItem {
  label: string
  icon?: ReactNode
  onSelect: () => void
  destructive?: boolean
}

interface DropdownMenuProps {
  /** Renders the trigger button from the props it must carry (ARIA state, toggle handler). */
  trigger: (props: {
    'aria-haspopup': 'menu'
    'aria-expanded': boolean
    'aria-controls': string
    onClick: () => void
  }) => ReactNode
  items: readonly DropdownMenuItem[]
  /** Which side of the trigger the menu lines up with, and whether it opens upwards. */
  align?: 'start' | 'end'
  side?: 'top' | 'bottom'
  className?: string
}

/**
 * A small menu (WAI-ARIA menu button): opens under (or above) its trigger, focuses the first item, moves
 * with the arrow keys, and closes on Escape, on a choice or on a click elsewhere.
 */
export function DropdownMenu({ trigger, items, align = 'end', side = 'bottom', className }: DropdownMenuProps) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const menu = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  const close = () => {
    setOpen(false)
    root.current?.querySelector<HTMLButtonElement>('[aria-haspopup="menu"]')?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])
    const index = entries.findIndex((entry) => entry === document.activeElement)
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault()
      close()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      entries[(index + step + entries.length) % entries.length]?.focus()
    }
  }

  return (
    <div ref={root} className="relative">
      {trigger({
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': menuId,
        onClick: () => {
          setOpen((was) => !was)
        },
      })}
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          onKeyDown={onKeyDown}
          className={cn(
            'absolute z-50 min-w-60 rounded-xl border bg-card p-1 text-card-foreground shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
            side === 'bottom' ? 'top-full mt-1' : 'bottom-full mb-1',
            className,
          )}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close()
                item.onSelect()
              }}
              className={cn(
                'flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-sm whitespace-nowrap outline-none ' +
                  'hover:bg-muted focus-visible:bg-muted [&_svg]:size-4 [&_svg]:shrink-0',
                item.destructive && 'text-destructive',
              )}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
