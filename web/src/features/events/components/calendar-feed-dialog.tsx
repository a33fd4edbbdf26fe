import { CalendarPlus, Copy, LoaderCircle, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { copyToClipboard } from '@/lib/clipboard'
import { problemMessage } from '@/lib/api/problem'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { useCalendarFeedStatus, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed'

/**
 * 'Suscribirse al calendario': a private iCalendar URL of the community's events for the phone's calendar.
 * The server shows the URL only when it is created; later the user can renew or revoke it.
 */
export function CalendarFeedDialog() {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState<string | null>(null)
  const status = useCalendarFeedStatus(open)
  const create = useCreateCalendarFeed()
  const revoke = useRevokeCalendarFeed()
  const failed = (err: unknown) => {
    toast.error(t('common.error'), { description: problemMessage(err, t) })
  }

  const makeUrl = () => {
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setUrl(feed.url)
      },
      onError: failed,
    })
  }
  const copy = async () => {
    if (!url) return
    await copyToClipboard(url, { copied: t('events.feed.copied'), errorTitle: t('common.error'), failed: t('events.feed.copyError') })
  }
  const revokeUrl = () => {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null)
        toast.success(t('events.feed.revoked'), { duration: 2000 })
      },
      onError: failed,
    })
  }

  const exists = url !== null || status.data?.exists === true
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setUrl(null) // the URL is secret: once closed, it is not shown again
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="self-start">
          <CalendarPlus aria-hidden />
          {t('events.feed.subscribe')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('events.feed.title')}</DialogTitle>
          <DialogDescription>{t('events.feed.description')}</DialogDescription>
        </DialogHeader>
        {status.isPending ? (
          <Spinner className="size-6" />
        ) : (
          <div className="flex flex-col gap-3">
            {url !== null ? (
              <>
                <Label htmlFor="feed-url">{t('events.feed.urlLabel')}</Label>
                <div className="flex gap-2">
                  <Input id="feed-url" readOnly value={url} className="min-w-0 flex-1 font-mono text-sm" onFocus={(e) => {
                      e.target.select()
                    }} />
                  <Button variant="outline" size="icon" onClick={() => void copy()} aria-label={t('events.feed.copy')}>
                    <Copy aria-hidden />
                  </Button>
                </div>
                <p className="text-xs text-muted-foreground">{t('events.feed.secretHint')}</p>
              </>
            ) : exists ? (
              <p className="text-sm">
                {status.data?.createdAt
                  ? t('events.feed.existsSince', { date: dates.dateTime(status.data.createdAt) })
                  : t('events.feed.exists')}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">{t('events.feed.none')}</p>
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              {exists && (
                <Button
                  variant="ghost"
                  className="text-destructive hover:bg-destructive/10"
                  disabled={revoke.isPending}
                  onClick={revokeUrl}
                >
                  {revoke.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
                  {t('events.feed.revoke')}
                </Button>
              )}
              {url === null && (
                <Button disabled={create.isPending} onClick={makeUrl}>
                  {create.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
                  {exists ? t('events.feed.renew') : t('events.feed.create')}
                </Button>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
