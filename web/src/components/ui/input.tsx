import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        // text-base (16 px) stops iOS Safari from zooming into the field on focus.
        'flex h-11 w-full rounded-xl border border-input bg-card px-3 text-base text-foreground shadow-xs ' +
          'transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring ' +
          // Disabled fields may still hold a value filled in for the user: muted, but readable.
          'focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:bg-muted ' +
          'disabled:text-muted-foreground ' +
          'aria-invalid:border-destructive aria-invalid:ring-destructive/30 file:border-0 file:bg-transparent ' +
          'file:text-sm file:font-medium',
        className,
      )}
      {...props}
    />
  )
}
