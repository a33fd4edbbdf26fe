import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'value'> {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/** An on/off toggle (role="switch"); label it with <Label htmlFor> or aria-label. */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      className={cn(
        'inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent ' +
          'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 ' +
          'focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 ' +
          'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      onClick={() => {
        onCheckedChange(!checked)
      }}
      {...props}
    >
      <span
        className={cn(
          'pointer-events-none block size-6 rounded-full bg-white shadow-sm transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  )
}
