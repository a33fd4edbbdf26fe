import { useNavigate } from 'react-router'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useNeighbours } from '../api/list-members'
import { useStartConversation } from '../api/start-conversation'
import { NeighbourPicker } from './neighbour-picker'

interface NewConversationDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Nueva conversación': pick a neighbour and open the conversation with them. */
export function NewConversationDialog({ open, onOpenChange }: NewConversationDialogProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const neighbours = useNeighbours(user?.id, open)
  const start = useStartConversation()

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('messages.newConversation')}</DialogTitle>
          <DialogDescription>{t('messages.newConversationHint')}</DialogDescription>
        </DialogHeader>
        <NeighbourPicker
          neighbours={neighbours.data}
          isPending={neighbours.isPending}
          isError={neighbours.isError}
          disabled={start.isPending}
          onPick={(member) => {
            start.mutate(member.id, {
              onSuccess: (id) => {
                onOpenChange(false)
                void navigate(`/conversation/${id}`)
              },
              onError: (err) => {
                console.error('start conversation', err)
                toast.error(t('common.error'), { description: t('messages.errors.start') })
              },
            })
          }}
        />
      </DialogContent>
    </Dialog>
  )
}
