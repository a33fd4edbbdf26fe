import { cva, type VariantProps } from 'class-variance-authority'
import { cloneElement, isValidElement, type ComponentProps, type Ref } from 'react'
import { cn } from '@/lib/utils'

const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-xl text-sm font-semibold whitespace-nowrap ' +
    'transition-colors outline-none select-none focus-visible:ring-2 focus-visible:ring-ring ' +
    'focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none ' +
    'disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        outline: 'border-2 border-primary bg-transparent text-primary hover:bg-accent',
        ghost: 'text-foreground hover:bg-muted',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      // 44 px is the smallest comfortable touch target; sm is for dense desktop-only spots.
      size: {
        default: 'h-11 px-5',
        sm: 'h-9 px-3',
        lg: 'h-12 px-6 text-base',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Styles the single child (e.g. a router <Link>) as a button instead of rendering a <button>. */
  asChild?: boolean
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />
}

type Props = Record<string, unknown>

/**
 * The button's props on its single child, as Radix's Slot does (which the guest screens no longer download,
 * issue #39): the child's own props win, except that both classes are kept (the button's first), both
 * styles merged, both event handlers called (the child's first) and both refs set.
 */
function Slot({ children, ...slot }: ComponentProps<'button'>) {
  if (!isValidElement<Props>(children)) return null
  const own = children.props
  const merged: Props = { ...slot, ...own }
  for (const [name, value] of Object.entries(slot as Props)) {
    const theirs = own[name]
    if (/^on[A-Z]/.test(name) && typeof value === 'function' && typeof theirs === 'function') {
      const [first, then] = [theirs, value] as ((...args: unknown[]) => unknown)[]
      merged[name] = (...args: unknown[]) => {
        const result = first?.(...args)
        then?.(...args)
        return result
      }
    } else if (name === 'style') merged.style = { ...(value as object), ...(theirs as object) }
    else if (name === 'className') merged.className = [value, theirs].filter(Boolean).join(' ')
    else if (name === 'ref' && theirs) merged.ref = composeRefs(value as Ref<unknown>, theirs as Ref<unknown>)
  }
  return cloneElement(children, merged)
}

function composeRefs(...refs: Ref<unknown>[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    }
  }
}
