import { useState } from 'react'
import { MemberSelect } from '@/components/member-select'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useDelegate, type Poll } from '../api/polls'
import { failureText } from '../lib/failure'

/**
 * Art. 15.1: an owner names another member to vote for them, for this vote or for every vote of its junta,
 * until their vote is cast.
 */
export function PollDelegation({ poll }: { poll: Poll }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const delegate = useDelegate()
  const [to, setTo] = useState('')
  const [wholeJunta, setWholeJunta] = useState(false)
  const id = `delegate-${poll.id}`
  const run = (delegateId: string, scope: 'poll' | 'junta') => {
    delegate.mutate(
      { id: poll.id, delegateId, scope },
      {
        onSuccess: () => {
          toast.success(t(delegateId ? 'voting.toasts.delegated' : 'voting.toasts.revoked'), { duration: 2000 })
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: failureText(t('voting.toasts.delegateError'), err) })
        },
      },
    )
  }
  const juntaDate = poll.juntaDate ? dates.date(poll.juntaDate) : ''
  if (poll.myDelegate) {
    const scope = poll.myDelegate.junta ? 'junta' : 'poll'
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          {poll.myDelegate.junta
            ? t('voting.delegatedToForJunta', { name: poll.myDelegate.delegateName, date: juntaDate })
            : t('voting.delegatedTo', { name: poll.myDelegate.delegateName })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={delegate.isPending}
          onClick={() => {
            run('', scope)
          }}
        >
          {t('voting.revoke')}
        </Button>
      </div>
    )
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        if (to) run(to, wholeJunta ? 'junta' : 'poll')
      }}
    >
      <Label htmlFor={id}>{t('voting.delegateLabel')}</Label>
      <div className="flex gap-2">
        <MemberSelect id={id} value={to} onChange={setTo} placeholder={t('voting.chooseMember')} />
        <SubmitButton pending={delegate.isPending} disabled={!to}>
          {t('voting.delegate')}
        </SubmitButton>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-junta`}
          checked={wholeJunta}
          onChange={(e) => {
            setWholeJunta(e.target.checked)
          }}
        />
        <Label htmlFor={`${id}-junta`} className="font-normal">
          {t('voting.delegateWholeJunta', { date: juntaDate })}
        </Label>
      </div>
    </form>
  )
}
