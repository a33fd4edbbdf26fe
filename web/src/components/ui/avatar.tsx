import { User } from 'lucide-react'
import { useState } from 'react'
import { DEFAULT_USER_NAME, initials } from '@/lib/initials'
import { cn } from '@/lib/utils'

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
} as const

export interface AvatarProps {
  src?: string | null
  name?: string
  size?: keyof typeof sizes
  className?: string
}

/** A person's picture; a generic icon when there is none, their initials when it fails to load. */
export function Avatar({ src, name = DEFAULT_USER_NAME, size = 'md', className }: AvatarProps) {
  // Remembering which URL failed (rather than a flag) lets a new src try again without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const frame = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent ' +
      'font-semibold text-accent-foreground select-none',
    sizes[size],
    className,
  )

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={name}
        className={cn(frame, 'object-cover')}
        onError={() => {
          setFailedSrc(src)
        }}
      />
    )
  }
  return (
    <span role="img" aria-label={name} className={frame}>
      {src ? initials(name) : <User className="size-3/5" aria-hidden />}
    </span>
  )
}
