import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { ListPage } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { ProcessorSection } from './processor-section'

/** /settings/despacho: the office that administers the tab's community (ADR 0045), from its settings. */
export function ProcessorPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  return (
    <ListPage>
      <header className="flex min-w-0 items-center gap-2">
        <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
          <Link to="/settings/my-community" aria-label={t('common.back')}>
            <ArrowLeft className="size-5!" aria-hidden />
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-2xl font-bold tracking-tight">{t('despacho.processor.title')}</h1>
      </header>
      {user?.communityId && <ProcessorSection isAdmin={user.role === 'admin'} />}
    </ListPage>
  )
}
