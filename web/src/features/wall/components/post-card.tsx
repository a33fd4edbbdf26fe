import { CalendarDays, EyeOff, Heart, MessageCircle, MoreVertical, Share2, Trash2, Vote } from 'lucide-react'
import { useState, type SyntheticEvent } from 'react'
import { Link } from 'react-router'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DropdownMenu, type DropdownMenuItem } from '@/components/ui/dropdown-menu'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { copyToClipboard } from '@/lib/clipboard'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import {
  useAddComment,
  useComments,
  useDeleteComment,
  useDeletePost,
  useHidePost,
  useLikePost,
  useReportPost,
  useUpdatePost,
  type WallPost,
} from '../api/wall'

/** Phones share through the system sheet; elsewhere the link is copied. */
function canShareNatively(): boolean {
  return typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches
}

/** One post: author, kind, text, photo, event; Me gusta, Comentar, Compartir; the author's and admins' actions. */
export function PostCard({ post, isAdmin }: { post: WallPost; isAdmin: boolean }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [showComments, setShowComments] = useState(false)
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(post.body)
  const like = useLikePost()
  const hide = useHidePost()
  const remove = useDeletePost()
  const report = useReportPost()
  const update = useUpdatePost()
  const failed = (err: unknown) => {
    toast.error(t('common.error'), { description: problemMessage(err, t) })
  }
  const titleId = `post-${post.id}`

  const share = async () => {
    const url = `${window.location.origin}/wall#post-${post.id}`
    if (canShareNatively()) {
      try {
        await navigator.share({ title: t('wall.title'), text: post.body, url })
      } catch {
        // The user closed the share sheet: nothing to say.
      }
      return
    }
    await copyToClipboard(url, { copied: t('wall.share.copied'), errorTitle: t('common.error'), failed: t('wall.share.failed') })
  }

  const actions: DropdownMenuItem[] = [
    ...(post.canEdit
      ? [
          {
            label: t('wall.actions.edit'),
            onSelect: () => {
              setDraft(post.body)
              setEditing(true)
            },
          },
        ]
      : []),
    ...(isAdmin
      ? [
          {
            label: post.hidden ? t('wall.actions.show') : t('wall.actions.hide'),
            onSelect: () => {
              hide.mutate(
                { id: post.id, hidden: !post.hidden },
                { onSuccess: () => toast.success(post.hidden ? t('wall.toasts.shown') : t('wall.toasts.hidden')), onError: failed },
              )
            },
          },
        ]
      : []),
    ...(!post.canEdit && !post.reportedByMe
      ? [
          {
            label: t('wall.actions.report'),
            onSelect: () => {
              report.mutate(post.id, { onSuccess: () => toast.success(t('wall.toasts.reported')), onError: failed })
            },
          },
        ]
      : []),
    ...(post.canDelete
      ? [
          {
            label: t('wall.actions.delete'),
            destructive: true,
            onSelect: () => {
              remove.mutate(post.id, { onSuccess: () => toast.success(t('wall.toasts.deleted')), onError: failed })
            },
          },
        ]
      : []),
  ]

  const saveEdit = (e: SyntheticEvent) => {
    e.preventDefault()
    update.mutate({ id: post.id, body: draft }, { onSuccess: () => { setEditing(false) }, onError: failed })
  }

  return (
    <article id={`post-${post.id}`} aria-labelledby={titleId} className={cn('flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm', post.hidden && 'opacity-70')}>
      <header className="flex items-center gap-3">
        <Avatar src={post.authorAvatarUrl ?? undefined} name={post.authorName || t('common.user')} size="md" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate font-semibold">
            {post.authorName || t('common.user')}
          </h2>
          <p className="text-xs text-muted-foreground">
            <time dateTime={post.createdAt}>{dates.dateTime(post.createdAt)}</time>
            {post.editedAt && ` · ${t('wall.edited')}`}
          </p>
        </div>
        <Badge variant="secondary">{t(`wall.kinds.${post.kind}`)}</Badge>
        {actions.length > 0 && (
          <DropdownMenu
            trigger={(props) => (
              <Button variant="ghost" size="icon" aria-label={t('wall.actions.more')} {...props}>
                <MoreVertical aria-hidden />
              </Button>
            )}
            items={actions}
          />
        )}
      </header>
      {post.hidden && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <EyeOff className="size-4" aria-hidden />
          {t('wall.hiddenNote')}
        </p>
      )}
      {isAdmin && post.reports > 0 && <Badge variant="red">{t('wall.reports', { count: post.reports })}</Badge>}
      {editing ? (
        <form onSubmit={saveEdit} className="flex flex-col gap-2">
          <Textarea aria-label={t('wall.composer.text')} rows={3} maxLength={5000} value={draft} onChange={(e) => { setDraft(e.target.value) }} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => { setEditing(false) }}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={!draft.trim() || update.isPending}>
              {t('wall.actions.save')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-line break-words">{post.body}</p>
      )}
      {post.eventId && (
        <Link
          to="/events"
          className="flex items-center gap-2 rounded-xl bg-muted p-2 text-sm outline-none hover:bg-muted/70 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <CalendarDays className="size-4" aria-hidden />
          <span>
            {post.eventTitle}
            {post.eventStartAt && ` · ${dates.dateTime(post.eventStartAt)}`}
          </span>
        </Link>
      )}
      {post.pollId && post.poll && <PollSummary pollId={post.pollId} poll={post.poll} />}
      {post.imageUrl && (
        <img src={post.imageUrl} alt={t('wall.photoAlt', { name: post.authorName || t('common.user') })} className="max-h-80 w-full rounded-xl border object-cover" />
      )}
      <div className="grid grid-cols-3 gap-1 border-t pt-2">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          aria-label={t('wall.likeCount', { count: post.likes })}
          disabled={like.isPending}
          onClick={() => {
            like.mutate({ id: post.id, liked: !post.likedByMe }, { onError: failed })
          }}
        >
          <Heart className={cn(post.likedByMe && 'fill-red-500 text-red-500')} aria-hidden />
          {post.likes}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showComments}
          aria-label={t('wall.commentCount', { count: post.comments })}
          onClick={() => {
            setShowComments(!showComments)
          }}
        >
          <MessageCircle aria-hidden />
          {post.comments}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void share()}>
          <Share2 aria-hidden />
          {t('wall.share.button')}
        </Button>
      </div>
      {showComments && <Comments postId={post.id} />}
    </article>
  )
}

/** The consulta a post opened: the question, its answers, how many voted, and the way to Votaciones. */
function PollSummary({ pollId, poll }: { pollId: string; poll: NonNullable<WallPost['poll']> }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const open = poll.status === 'open' && new Date(poll.closesAt) > new Date()
  const titleId = `poll-${pollId}`
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border bg-muted/50 p-3 text-sm">
      <p className="flex items-center gap-2 text-xs font-medium uppercase text-muted-foreground">
        <Vote className="size-4" aria-hidden />
        {t('wall.poll.card.label')}
      </p>
      <h3 id={titleId} className="font-semibold">
        {poll.title}
      </h3>
      <ul className="flex flex-col gap-1">
        {(poll.options ?? []).map((o) => (
          <li key={o} className="rounded-lg border bg-card px-3 py-1.5">
            {o}
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        {t('wall.poll.card.voters', { count: poll.voters })} ·{' '}
        {open ? t('wall.poll.card.closes', { date: dates.dateTime(poll.closesAt) }) : t('wall.poll.card.closed')}
      </p>
      <Button asChild variant={open ? 'default' : 'outline'} size="sm" className="self-start">
        <Link to={`/voting?poll=${pollId}`}>{open ? t('wall.poll.card.vote') : t('wall.poll.card.results')}</Link>
      </Button>
    </section>
  )
}

function Comments({ postId }: { postId: string }) {
  const { t } = useTranslation()
  const comments = useComments(postId, true)
  const add = useAddComment()
  const remove = useDeleteComment()
  const [body, setBody] = useState('')
  const failed = (err: unknown) => {
    toast.error(t('common.error'), { description: problemMessage(err, t) })
  }
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    add.mutate({ id: postId, body }, { onSuccess: () => { setBody('') }, onError: failed })
  }
  return (
    <section aria-label={t('wall.comments.label')} className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {(comments.data?.items ?? []).map((c) => (
          <li key={c.id} className="flex items-start gap-2 rounded-xl bg-muted p-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{c.authorName || t('common.user')}</p>
              <p className="whitespace-pre-line break-words">{c.body}</p>
            </div>
            {c.canDelete && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('wall.comments.delete')}
                onClick={() => {
                  remove.mutate(c.id, { onError: failed })
                }}
              >
                <Trash2 aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="flex gap-2">
        <Input
          aria-label={t('wall.comments.input')}
          placeholder={t('wall.comments.placeholder')}
          maxLength={2000}
          value={body}
          onChange={(e) => {
            setBody(e.target.value)
          }}
        />
        <Button type="submit" disabled={!body.trim() || add.isPending}>
          {t('wall.comments.send')}
        </Button>
      </form>
    </section>
  )
}
