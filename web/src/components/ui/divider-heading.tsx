import type { ReactNode } from 'react'

/** A small heading between two rules ('o continúa con'), naming the section it opens by its id. */
export function DividerHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground">
      <span className="h-px flex-1 bg-input" aria-hidden />
      <h2 id={id} className="font-normal">
        {children}
      </h2>
      <span className="h-px flex-1 bg-input" aria-hidden />
    </div>
  )
}
