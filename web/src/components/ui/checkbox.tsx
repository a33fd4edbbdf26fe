import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A native checkbox in the app's colours, large enough to tap. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-5 shrink-0 cursor-pointer rounded accent-primary outline-none focus-visible:ring-2 ' +
          'focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 ' +
          'aria-invalid:outline-2 aria-invalid:outline-destructive',
        className,
      )}
      {...props}
    />
  )
}
