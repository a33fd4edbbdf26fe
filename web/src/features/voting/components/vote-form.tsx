import { useState, type SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { useVote, type Poll } from '../api/polls'
import { failureText } from '../lib/failure'
import { rememberSecretVote } from '../lib/receipts'

interface VoteFormProps {
  poll: Poll
  label: string
  /** Whose vote it is: the user, or an owner they represent. */
  voter: string
  forOwner?: string
  current?: string | null
  /** A secret vote's key to change it, kept on this device when it was cast. */
  changeKey?: string | null
  onStored?: () => void
}

/** The options of the poll and 'Votar': one vote for the user, or for an owner they represent. */
export function VoteForm({ poll, label, voter, forOwner, current, changeKey, onStored }: VoteFormProps) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState(current ?? '')
  const vote = useVote()
  const name = `vote-${poll.id}-${voter}`

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    // Spec: 'Vote: an option must be chosen.'
    if (!choice) {
      toast.error(t('voting.chooseOption'))
      return
    }
    vote.mutate(
      { id: poll.id, optionId: choice, ...(forOwner ? { for: forOwner } : {}), ...(poll.secret && changeKey ? { changeKey } : {}) },
      {
        onSuccess: (res) => {
          const key = res.changeKey ?? changeKey
          if (poll.secret) {
            rememberSecretVote(poll.id, voter, { optionId: choice, receipt: res.receipt, ...(key ? { key } : {}) })
            onStored?.()
          }
          toast.success(t('voting.toasts.voted', { receipt: res.receipt }), { duration: 2000 })
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: failureText(t('voting.toasts.voteError'), err) })
        },
      },
    )
  }

  return (
    <form onSubmit={submit} aria-label={label} className="flex flex-col gap-2 rounded-lg border p-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{label}</legend>
        {poll.options.map((o) => (
          <label key={o.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-muted">
            <input
              type="radio"
              name={name}
              value={o.id}
              checked={choice === o.id}
              onChange={() => {
                setChoice(o.id)
              }}
              className="size-5 accent-primary"
            />
            <span>{o.text}</span>
          </label>
        ))}
      </fieldset>
      <SubmitButton pending={vote.isPending}>{t('voting.vote')}</SubmitButton>
    </form>
  )
}
