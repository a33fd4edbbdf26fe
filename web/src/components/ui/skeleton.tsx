import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A pulsing placeholder with the shape of content still loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-xl bg-muted', className)} {...props} />
}
