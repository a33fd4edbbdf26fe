import { useState } from 'react'
import { cn } from '@/lib/utils'

interface AuthorAvatarProps {
  src: string | null
  name: string
  unitNumber: string | null
  className?: string
}

/**
 * The first letter of the first name and the unit number: 'A3B' for Ana García of 3B, 'C1ºA' for Carmen of
 * '1º A' (without its spaces, so it fits the circle).
 */
export function authorFallback(name: string, unitNumber: string | null): string {
  const first = Array.from(name.trim())[0] ?? ''
  return (first.toLocaleUpperCase('es') + (unitNumber ?? '')).replace(/\s+/g, '')
}

/** A community chat author's picture; without one (or when it fails), initial plus unit number. */
export function AuthorAvatar({ src, name, unitNumber, className }: AuthorAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const frame = cn(
    'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent ' +
      'text-[0.7rem] font-semibold text-accent-foreground select-none',
    className,
  )
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        className={cn(frame, 'object-cover')}
        onError={() => {
          setFailedSrc(src)
        }}
      />
    )
  }
  const text = authorFallback(name, unitNumber)
  // Four letters and more ('C1ºA', 'J12B') take a smaller type to stay inside the circle.
  return (
    <span aria-hidden className={cn(frame, text.length > 3 && 'text-[0.6rem] tracking-tight')}>
      {text}
    </span>
  )
}
