import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'
import { ModalPanel } from './modal-panel'

// A side panel (filter drawer) on Radix Dialog: focus is trapped and restored, Escape closes it.
export const Sheet = DialogPrimitive.Root
export const SheetTrigger = DialogPrimitive.Trigger
export const SheetClose = DialogPrimitive.Close

const sides = {
  right: 'inset-y-0 right-0 h-dvh w-[min(22rem,calc(100%-3rem))] border-l',
  bottom: 'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl border-t',
} as const

interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: keyof typeof sides
}

export function SheetContent({ side = 'right', className, ...props }: SheetContentProps) {
  return (
    <ModalPanel
      className={cn(
        'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-card p-6 text-card-foreground shadow-xl outline-none',
        sides[side],
        className,
      )}
      {...props}
    />
  )
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 pr-8', className)} {...props} />
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
