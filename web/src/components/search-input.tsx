import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

interface SearchInputProps {
  value: string
  onValueChange: (value: string) => void
  /** The box's accessible name: it is a 'searchbox' named this way. */
  label: string
  placeholder: string
  className?: string
}

/** A search box with the magnifier inside it. */
export function SearchInput({ value, onValueChange, label, placeholder, className }: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value)
        }}
        placeholder={placeholder}
        aria-label={label}
        className="pl-9"
      />
    </div>
  )
}
