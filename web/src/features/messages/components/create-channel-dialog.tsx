import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { SubmitButton } from '@/components/submit-button'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useCreateChannel } from '../api/create-channel'
import { useNeighbours } from '../api/list-members'
import { canCreateChannel, channelSlug } from '../lib/channel-slug'
import { NeighbourPicker, useSelection } from './neighbour-picker'

interface CreateChannelDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Crear Canal Privado': a name (not blank), an optional description and the neighbours to invite. */
export function CreateChannelDialog({ open, onOpenChange }: CreateChannelDialogProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSession()
  const neighbours = useNeighbours(user?.id, open)
  const create = useCreateChannel()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const invitees = useSelection()

  const reset = () => {
    setName('')
    setDescription('')
    invitees.clear()
  }

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault()
    if (!canCreateChannel(name) || create.isPending) return
    create.mutate(
      {
        name: name.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        memberIds: [...invitees.selected],
      },
      {
        onSuccess: (channel) => {
          toast.success(t('messages.channel.created'), { duration: 2000 })
          reset()
          onOpenChange(false)
          void navigate(`/conversation/${channel.id}`)
        },
        onError: (err) => {
          console.error('create channel', err)
          toast.error(t('common.error'), { description: t('messages.errors.createChannel') })
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('messages.createPrivateChannel')}</DialogTitle>
          <DialogDescription>{t('messages.channel.createHint')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="channel-name">{t('messages.channel.name')}</Label>
            <Input
              id="channel-name"
              value={name}
              onChange={(e) => {
                setName(e.target.value)
              }}
              placeholder={t('messages.channel.namePlaceholder')}
              autoComplete="off"
            />
            {canCreateChannel(name) && (
              <p className="text-sm text-muted-foreground">
                {t('messages.channel.preview')}:{' '}
                <span className="font-mono font-medium text-foreground" data-testid="channel-preview">
                  {channelSlug(name)}
                </span>
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="channel-description">
              {t('messages.channel.description')}{' '}
              <span className="font-normal text-muted-foreground">{t('common.optional')}</span>
            </Label>
            <Textarea
              id="channel-description"
              value={description}
              onChange={(e) => {
                setDescription(e.target.value)
              }}
              placeholder={t('messages.channel.descriptionPlaceholder')}
              className="min-h-16"
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('messages.channel.invitees')}</legend>
            <NeighbourPicker
              neighbours={neighbours.data}
              isPending={neighbours.isPending}
              isError={neighbours.isError}
              selected={invitees.selected}
              onToggle={invitees.toggle}
              disabled={create.isPending}
              listClassName="h-40"
            />
          </fieldset>
          <DialogFooter>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                reset()
                onOpenChange(false)
              }}
            >
              {t('messages.channel.cancel')}
            </Button>
            <SubmitButton disabled={!canCreateChannel(name)} pending={create.isPending}>
              {create.isPending ? t('messages.channel.creating') : t('messages.channel.create')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
