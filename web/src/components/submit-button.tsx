import { LoaderCircle } from 'lucide-react'
import { Button, type ButtonProps } from '@/components/ui/button'

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  /** Saving: the button spins, is busy for screen readers and cannot be pressed again. */
  pending: boolean
}

/** A form's submit button. */
export function SubmitButton({ pending, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending} {...props}>
      {pending && <LoaderCircle className="animate-spin" aria-hidden />}
      {children}
    </Button>
  )
}
