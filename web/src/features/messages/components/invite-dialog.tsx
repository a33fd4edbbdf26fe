import { LoaderCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import type { Channel } from '@/lib/message-types'
import { useSession } from '@/lib/session'
import { useAddChannelMembers } from '../api/add-channel-members'
import { useNeighbours } from '../api/list-members'
import { channelSlug } from '../lib/channel-slug'
import { NeighbourPicker, useSelection } from './neighbour-picker'

interface InviteDialogProps {
  channel: Channel
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Adds neighbours to a private channel (those already in it are left as they are). */
export function InviteDialog({ channel, open, onOpenChange }: InviteDialogProps) {
  const { t } = useTranslation()
  const { user } = useSession()
  const neighbours = useNeighbours(user?.id, open)
  const add = useAddChannelMembers(channel.id)
  const invitees = useSelection()

  const close = (next: boolean) => {
    if (!next) invitees.clear()
    onOpenChange(next)
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('messages.channel.invite')}</DialogTitle>
          <DialogDescription>{t('messages.channel.inviteHint', { name: channelSlug(channel.name) })}</DialogDescription>
        </DialogHeader>
        <NeighbourPicker
          neighbours={neighbours.data}
          isPending={neighbours.isPending}
          isError={neighbours.isError}
          selected={invitees.selected}
          onToggle={invitees.toggle}
          disabled={add.isPending}
        />
        <DialogFooter>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              close(false)
            }}
          >
            {t('messages.channel.cancel')}
          </Button>
          <Button
            type="button"
            disabled={invitees.selected.size === 0 || add.isPending}
            aria-busy={add.isPending}
            onClick={() => {
              add.mutate([...invitees.selected], {
                onSuccess: () => {
                  toast.success(t('messages.channel.invited'), { duration: 2000 })
                  close(false)
                },
                onError: (err) => {
                  console.error('invite to channel', err)
                  toast.error(t('common.error'), { description: t('messages.errors.invite') })
                },
              })
            }}
          >
            {add.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
            {add.isPending ? t('messages.channel.inviting') : t('messages.channel.inviteAction')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
