import type { LucideIcon } from 'lucide-react'

interface IconTermProps {
  icon: LucideIcon
  /** What the icon stands for, read by screen readers in its place. */
  label: string
  className?: string
}

/** A description list's term shown as an icon (the clock for the time, the pin for the place). */
export function IconTerm({ icon: Icon, label, className }: IconTermProps) {
  return (
    <dt>
      <Icon className={className} aria-hidden />
      <span className="sr-only">{label}</span>
    </dt>
  )
}
