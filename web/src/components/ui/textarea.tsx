import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full rounded-xl border border-input bg-card px-3 py-2 text-base text-foreground ' +
          'shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring ' +
          'focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:bg-muted ' +
          'disabled:text-muted-foreground ' +
          'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
        className,
      )}
      {...props}
    />
  )
}
