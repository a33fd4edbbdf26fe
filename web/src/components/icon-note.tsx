import type { LucideIcon } from 'lucide-react'
import { cn } from '@/lib/utils'

interface IconNoteProps {
  icon: LucideIcon
  title: string
  hint: string
  /** The title's element: a heading where the note heads a card, a paragraph inside a form. */
  titleAs?: 'p' | 'h2'
  className?: string
}

/** An icon beside a bold title and a muted hint: how each way of verifying, or the code card, explains itself. */
export function IconNote({ icon: Icon, title, hint, titleAs: Title = 'p', className }: IconNoteProps) {
  return (
    <div className={cn('flex gap-3', className)}>
      <Icon className="size-6 shrink-0 text-primary" aria-hidden />
      <div className="flex flex-col gap-1">
        <Title className="font-semibold">{title}</Title>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
    </div>
  )
}
