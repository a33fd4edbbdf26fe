import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

const badgeVariants = cva(
  'inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-muted text-muted-foreground',
        outline: 'text-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        // Traffic-light tones (priority, status): text keeps AA contrast on its tint in both themes.
        green: 'border-transparent bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
        orange: 'border-transparent bg-orange-100 text-orange-800 dark:bg-orange-900/50 dark:text-orange-200',
        red: 'border-transparent bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
        blue: 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
