import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { recordCsvUrl, useClosePoll, useDeletePoll, usePublishPoll, type Poll } from '../api/polls'
import { failureText } from '../lib/failure'

/** An admin's steps on a poll (edit, publish, delete a draft; close an active one) and the acta with its CSV, once closed or to admins. */
export function PollAdminActions({ poll, admin, onEdit }: { poll: Poll; admin: boolean; onEdit: (poll: Poll) => void }) {
  const { t } = useTranslation()
  const publish = usePublishPoll()
  const close = useClosePoll()
  const remove = useDeletePoll()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const failed = (what: string) => (err: unknown) => {
    toast.error(t('common.error'), { description: failureText(what, err) })
  }
  const records = poll.status === 'closed' || admin
  return (
    <div className="flex flex-wrap gap-2">
      {poll.canEdit && (
        <>
          <Button
            variant="outline"
            onClick={() => {
              onEdit(poll)
            }}
          >
            {t('voting.edit')}
          </Button>
          <Button
            disabled={publish.isPending}
            onClick={() => {
              publish.mutate(poll.id, { onError: failed(t('voting.toasts.publishError')) })
            }}
          >
            {t('voting.publish')}
          </Button>
          <Button
            variant="ghost"
            className="text-destructive"
            onClick={() => {
              setConfirmDelete(true)
            }}
          >
            {t('voting.delete')}
          </Button>
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={t('voting.deleteTitle')}
            description={t('voting.deleteDescription', { title: poll.title })}
            cancelLabel={t('voting.cancel')}
            confirmLabel={t('voting.delete')}
            pending={remove.isPending}
            onConfirm={() => {
              remove.mutate(poll.id, {
                onSuccess: () => {
                  setConfirmDelete(false)
                  toast.success(t('voting.toasts.deleted'), { duration: 2000 })
                },
                onError: failed(t('voting.toasts.deleteError')),
              })
            }}
          />
        </>
      )}
      {admin && poll.status === 'open' && (
        <Button
          variant="outline"
          disabled={close.isPending}
          onClick={() => {
            close.mutate(poll.id, { onError: failed(t('voting.toasts.closeError')) })
          }}
        >
          {t('voting.close')}
        </Button>
      )}
      {records && poll.status !== 'draft' && (
        <>
          <Button variant="ghost" asChild>
            <Link to={`/voting?acta=${encodeURIComponent(poll.id)}`}>{t('voting.acta')}</Link>
          </Button>
          <Button variant="ghost" asChild>
            <a href={recordCsvUrl(poll.id)} download="votacion.csv">
              {t('voting.downloadCsv')}
            </a>
          </Button>
        </>
      )}
    </div>
  )
}
