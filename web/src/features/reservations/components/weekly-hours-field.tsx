import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useTranslation } from '@/lib/i18n'
import { everyDay, firstOpenDay, WEEK_ORDER, type DayHours, type WeekHours } from '../lib/hours'

interface WeeklyHoursFieldProps {
  value: WeekHours
  onChange: (week: WeekHours) => void
  /** One pair of times for the whole week instead of a row per day. */
  same: boolean
  onSameChange: (same: boolean) => void
}

/** A weekday's name in the app's language; index 0 is Sunday, as in the API. */
function weekdayName(index: number, language: string): string {
  // 7 January 2024 was a Sunday.
  return new Date(Date.UTC(2024, 0, 7 + index)).toLocaleDateString(language, { weekday: 'long', timeZone: 'UTC' })
}

/** The facility's opening hours: the same every day (one pair of times), or a row per weekday that may be
 * closed. Rows stack on a phone: the day and 'Cerrado' above, its two times below. */
export function WeeklyHoursField({ value, onChange, same, onSameChange }: WeeklyHoursFieldProps) {
  const { t, i18n } = useTranslation()
  const one = firstOpenDay(value)
  const setDay = (index: number, patch: Partial<DayHours>) => {
    onChange(value.map((d, i) => (i === index ? { ...d, ...patch } : d)))
  }
  const time = (id: string, label: string, v: string, onTime: (v: string) => void, day?: string) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>
        {label}
        {day && (
          <>
            {' '}
            <span className="sr-only">({day})</span>
          </>
        )}
      </Label>
      <Input
        id={id}
        type="time"
        step={900}
        value={v}
        onChange={(e) => {
          onTime(e.target.value)
        }}
      />
    </div>
  )
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{t('reservations.facilityForm.hours')}</legend>
      <label className="flex items-center gap-3 text-sm">
        <Checkbox
          checked={same}
          onChange={(e) => {
            if (e.target.checked) onChange(everyDay(one))
            onSameChange(e.target.checked)
          }}
        />
        {t('reservations.facilityForm.sameEveryDay')}
      </label>
      {same ? (
        <div className="grid grid-cols-2 gap-3">
          {time('facility-open', t('reservations.facilityForm.open'), one.open, (open) => {
            onChange(everyDay({ open, close: one.close }))
          })}
          {time('facility-close', t('reservations.facilityForm.close'), one.close, (close) => {
            onChange(everyDay({ open: one.open, close }))
          })}
        </div>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border">
          {WEEK_ORDER.map((i) => {
            const d = value[i] ?? one
            const day = weekdayName(i, i18n.language)
            return (
              <li key={i} className="flex flex-col gap-2 p-3">
                <div className="flex items-center justify-between gap-3">
                  <span className="font-medium capitalize">{day}</span>
                  <label className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={d.closed}
                      onChange={(e) => {
                        setDay(i, { closed: e.target.checked })
                      }}
                    />
                    {t('reservations.facilityForm.closedDay')}{' '}
                    <span className="sr-only">({day})</span>
                  </label>
                </div>
                {!d.closed && (
                  <div className="grid grid-cols-2 gap-3">
                    {time(`facility-open-${String(i)}`, t('reservations.facilityForm.open'), d.open, (open) => {
                      setDay(i, { open })
                    }, day)}
                    {time(`facility-close-${String(i)}`, t('reservations.facilityForm.close'), d.close, (close) => {
                      setDay(i, { close })
                    }, day)}
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}
