import { Eye, EyeOff } from 'lucide-react'
import { useState, type ComponentProps } from 'react'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { Input } from './input'

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
      <button
        type="button"
        className={
          'absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-muted-foreground ' +
          'outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50'
        }
        aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
        aria-pressed={visible}
        disabled={props.disabled}
        onClick={() => {
          setVisible((shown) => !shown)
        }}
      >
        {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
    </div>
  )
}
