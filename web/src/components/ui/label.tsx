import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/**
 * A form label. Like Radix's Label, which it replaces on the guest screens (issue #39), a double click on
 * it does not select its text, unless the click is on a control inside it.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn(
        'text-sm leading-none font-medium text-foreground select-none peer-disabled:cursor-not-allowed ' +
          'peer-disabled:opacity-60',
        className,
      )}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return
        onMouseDown?.(event)
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault()
      }}
      {...props}
    />
  )
}
