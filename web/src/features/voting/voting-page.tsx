import { Plus, Vote } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ListPage, QueryList } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { usePolls, type Poll } from './api/polls'
import { ActaView } from './components/acta-view'
import { PollCard } from './components/poll-card'
import { PollFormDialog } from './components/poll-form-dialog'

/** 'Votaciones': the community's consultas and junta votes; ?acta=<id> shows a vote's printable record. */
export function VotingPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const acta = params.get('acta')
  const { user } = useSession()
  const polls = usePolls()
  // The form: closed, creating (null) or editing a draft.
  const [editing, setEditing] = useState<Poll | null | undefined>(undefined)
  if (acta) {
    return (
      <ListPage>
        <ActaView id={acta} />
      </ListPage>
    )
  }

  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t('voting.title')}</h1>
          {user?.role === 'admin' && (
            <Button
              onClick={() => {
                setEditing(null)
              }}
            >
              <Plus aria-hidden />
              {t('voting.new')}
            </Button>
          )}
        </div>
        <p className="text-muted-foreground">{t('voting.subtitle')}</p>
        <p className="text-sm text-muted-foreground">{t('voting.legalNote')}</p>
      </header>
      <QueryList
        section="voting"
        query={polls}
        emptyIcon={Vote}
        gap="gap-4"
        renderItem={(p) => <PollCard poll={p} onEdit={setEditing} />}
      />
      <PollFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined)
        }}
        poll={editing ?? undefined}
      />
    </ListPage>
  )
}
