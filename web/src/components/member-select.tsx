import type { ComponentProps } from 'react'
import { NativeSelect } from '@/components/ui/native-select'
import { useMembers } from '@/lib/members'
import { useSession } from '@/lib/session'

type Props = Omit<ComponentProps<typeof NativeSelect>, 'value' | 'onChange' | 'children'> & {
  value: string
  onChange: (memberId: string) => void
  /** The first option, with no member: "Elige…". */
  placeholder: string
}

/**
 * A select of the community's members but oneself, by name: whom an owner delegates to (a vote, a junta).
 * The empty value is the placeholder.
 */
export function MemberSelect({ value, onChange, placeholder, ...props }: Props) {
  const { user } = useSession()
  const members = useMembers()
  return (
    <NativeSelect
      {...props}
      value={value}
      onChange={(e) => {
        onChange(e.target.value)
      }}
    >
      <option value="">{placeholder}</option>
      {(members.data ?? [])
        .filter((m) => m.id !== user?.id)
        .map((m) => (
          <option key={m.id} value={m.id}>
            {m.fullName}
          </option>
        ))}
    </NativeSelect>
  )
}
