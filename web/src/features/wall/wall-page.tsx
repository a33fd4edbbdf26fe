import { Newspaper } from 'lucide-react'
import { ListPage } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useWall } from './api/wall'
import { Composer } from './components/composer'
import { PostCard } from './components/post-card'

/** /wall, the 'Muro Comunitario': the composer and the posts, newest first. */
export function WallPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const isAdmin = user?.role === 'admin'
  const wall = useWall()
  const posts = wall.data?.pages.flatMap((p) => p.items ?? []) ?? []
  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('wall.title')}</h1>
        <p className="text-muted-foreground">{t('wall.subtitle')}</p>
      </header>
      <Composer />
      {wall.isPending ? (
        <div role="status" aria-label={t('wall.loading')} className="flex flex-col gap-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-40 rounded-2xl" />
          ))}
        </div>
      ) : wall.isError ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-muted-foreground">{problemMessage(wall.error, t)}</p>
          <Button variant="outline" onClick={() => void wall.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : posts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
          <Newspaper className="size-10" aria-hidden />
          <p>{t('wall.empty')}</p>
        </div>
      ) : (
        <ul aria-label={t('wall.listLabel')} className="flex flex-col gap-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} isAdmin={isAdmin} />
            </li>
          ))}
        </ul>
      )}
      {wall.hasNextPage && (
        <Button variant="outline" disabled={wall.isFetchingNextPage} onClick={() => void wall.fetchNextPage()}>
          {t('wall.loadMore')}
        </Button>
      )}
    </ListPage>
  )
}
