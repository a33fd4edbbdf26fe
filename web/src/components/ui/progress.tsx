import { cn } from '@/lib/utils'

interface ProgressProps {
  /** From 0 to 1. */
  value: number
  label: string
  className?: string
}

/** A determinate progress bar (role="progressbar"), e.g. of an upload. */
export function Progress({ value, label, className }: ProgressProps) {
  const percent = Math.round(Math.min(Math.max(value, 0), 1) * 100)
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  )
}
