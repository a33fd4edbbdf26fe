import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

interface ModalPanelProps extends ComponentProps<typeof DialogPrimitive.Content> {
  overlayClassName?: string
}

/**
 * What a dialog and a sheet share: the panel in a portal over a dimmed page, with a close button in its
 * corner. Radix traps focus inside, restores it on close and closes on Escape.
 */
export function ModalPanel({ overlayClassName, children, ...props }: ModalPanelProps) {
  const { t } = useTranslation()
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/50', overlayClassName)} />
      <DialogPrimitive.Content {...props}>
        {children}
        <DialogPrimitive.Close
          className={
            'absolute top-3 right-3 rounded-lg p-2 text-muted-foreground transition-colors outline-none ' +
            'hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring'
          }
        >
          <X className="size-4" aria-hidden />
          <span className="sr-only">{t('common.close')}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}
