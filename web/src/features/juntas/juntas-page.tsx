import { ChevronRight, Landmark, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ListPage, QueryList } from '@/components/list-page'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useJuntas } from './api/juntas'
import { JuntaFormDialog } from './components/junta-form-dialog'
import { STATUS_BADGE, whenText } from './lib'

/** 'Juntas': the community's juntas de propietarios, the latest first; admins prepare new ones. */
export function JuntasPage() {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const juntas = useJuntas()
  const [creating, setCreating] = useState(false)

  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t('juntas.title')}</h1>
          {user?.role === 'admin' && (
            <Button
              onClick={() => {
                setCreating(true)
              }}
            >
              <Plus aria-hidden />
              {t('juntas.new')}
            </Button>
          )}
        </div>
        <p className="text-muted-foreground">{t('juntas.subtitle')}</p>
      </header>
      <QueryList
        section="juntas"
        query={juntas}
        emptyIcon={Landmark}
        renderItem={(j) => (
          <Link
            to={`/juntas/${j.id}`}
            className="flex items-center gap-3 rounded-2xl border bg-card p-4 shadow-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{t(`juntas.kind.${j.kind}`)}</span>
              <span className="block text-sm">{whenText(j.firstCall, i18n.language)}</span>
              <span className="block truncate text-sm text-muted-foreground">{j.place || t('juntas.online')}</span>
            </span>
            <Badge variant={STATUS_BADGE[j.status]}>{t(`juntas.status.${j.status}`)}</Badge>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          </Link>
        )}
      />
      <JuntaFormDialog open={creating} onOpenChange={setCreating} />
    </ListPage>
  )
}
