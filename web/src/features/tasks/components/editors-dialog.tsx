import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useMembers } from '@/lib/members'
import { useSetTaskEditor, useTaskEditors } from '../api/tasks'

/** An admin chooses which members (not admins: they always may) create and edit tasks. */
export function EditorsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  const members = useMembers()
  const editors = useTaskEditors(open)
  const set = useSetTaskEditor()
  const allowed = new Set((editors.data?.items ?? []).map((e) => e.userId))
  const people = (members.data ?? []).filter((m) => m.role !== 'admin')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('tasks.editors.title')}</DialogTitle>
          <DialogDescription>{t('tasks.editors.description')}</DialogDescription>
        </DialogHeader>
        {members.isPending || editors.isPending ? (
          <Spinner className="size-5" />
        ) : people.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('tasks.editors.empty')}</p>
        ) : (
          <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
            {people.map((m) => (
              <li key={m.id}>
                <label className="flex items-center gap-3 rounded-xl p-2 hover:bg-muted">
                  <Checkbox
                    checked={allowed.has(m.id)}
                    disabled={set.isPending}
                    onChange={(e) => {
                      set.mutate(
                        { userId: m.id, allowed: e.target.checked },
                        {
                          onError: (err) => {
                            toast.error(t('common.error'), { description: problemMessage(err, t) })
                          },
                        },
                      )
                    }}
                  />
                  {m.fullName || t('common.user')}
                </label>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}
