import type { ReactNode } from 'react'
import { Avatar } from '@/components/ui/avatar'

interface GreetingBannerProps {
  title: string
  subtitle?: ReactNode
  description?: ReactNode
  avatar?: { src?: string | null; name: string }
}

/** The dashboard's welcome: a title (the greeting), a subtitle, a description and an optional avatar. */
export function GreetingBanner({ title, subtitle, description, avatar }: GreetingBannerProps) {
  return (
    <section className="flex items-center gap-4 rounded-2xl bg-primary p-5 text-primary-foreground shadow-sm">
      {avatar && <Avatar src={avatar.src} name={avatar.name} size="lg" className="ring-2 ring-primary-foreground/40" />}
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words">{title}</h1>
        {subtitle && <p className="mt-0.5 font-medium break-words opacity-95">{subtitle}</p>}
        {description && <p className="mt-1 text-sm opacity-95">{description}</p>}
      </div>
    </section>
  )
}
