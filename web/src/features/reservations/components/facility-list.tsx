import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import type { Facility, SlotTime } from '../api/reservations'
import { formatLocalDate } from '@/lib/local-date'
import { euros } from '../lib/format'

interface FacilityListProps {
  facilities: Facility[]
  isAdmin: boolean
  onPick: (facility: Facility, slot: SlotTime) => void
  onCalendar: (facility: Facility) => void
  onEdit: (facility: Facility) => void
}

/** Lista: each facility with its photo, capacity, deposit and next free slots (a tap books one). */
export function FacilityList({ facilities, isAdmin, onPick, onCalendar, onEdit }: FacilityListProps) {
  const { t, i18n } = useTranslation()
  return (
    <ul className="flex flex-col gap-3" aria-label={t('reservations.list.label')}>
      {facilities.map((f) => (
        <li key={f.id} className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm">
          <div className="flex gap-3">
            {f.photoUrl && <img src={f.photoUrl} alt="" className="size-16 shrink-0 rounded-xl object-cover" />}
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold">{f.name}</h3>
              {f.description && <p className="text-sm text-muted-foreground">{f.description}</p>}
              <div className="mt-1 flex flex-wrap gap-1">
                {f.archived && <Badge variant="outline">{t('reservations.list.archived')}</Badge>}
                <Badge variant="outline">
                  {f.capacity > 1 ? t('reservations.list.shared', { count: f.capacity }) : t('reservations.list.exclusive')}
                </Badge>
                {f.depositCents > 0 && (
                  <Badge variant="outline">{t('reservations.list.deposit', { amount: euros(f.depositCents, i18n.language) })}</Badge>
                )}
                {f.needsApproval && <Badge variant="orange">{t('reservations.list.approval')}</Badge>}
              </div>
            </div>
          </div>
          {!f.archived && (
            <div className="flex flex-col gap-2">
              <p className="text-xs font-medium text-muted-foreground">{t('reservations.list.nextFree')}</p>
              {(f.nextFree ?? []).length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('reservations.list.noneFree')}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {(f.nextFree ?? []).map((s) => (
                    <li key={`${s.date}-${s.start}`}>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => {
                          onPick(f, s)
                        }}
                      >
                        {formatLocalDate(s.date, i18n.language)} · {s.start}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                onCalendar(f)
              }}
            >
              {t('reservations.list.seeCalendar')}
            </Button>
            {isAdmin && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onEdit(f)
                }}
              >
                {t('reservations.list.edit')}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
