import { CalendarCheck, Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsList, TabsContent, TabsTrigger } from '@/components/ui/tabs'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useFacilities, useReservations, type Facility, type Reservation, type SlotTime } from './api/reservations'
import { AdminPanel } from './components/admin-panel'
import { BookingDialog } from './components/booking-dialog'
import { CancelDialog } from './components/cancel-dialog'
import { FacilityFormDialog } from './components/facility-form-dialog'
import { FacilityList } from './components/facility-list'
import { MonthCalendar } from './components/month-calendar'
import { ReservationItem } from './components/reservation-item'
import { RulesBox } from './components/rules-box'
import { currentMonth } from './lib/format'

type Tab = 'list' | 'calendar'

/** A booking being confirmed (a picked slot) or a reservation being moved. */
interface Booking {
  facility: Facility
  slot: SlotTime
  reservation?: Reservation
}

/** An admin acting on someone else's reservation, or past its window, must say why. */
function needsReason(r: Reservation): boolean {
  return !r.mine || new Date(r.cancelDeadline) <= new Date()
}

/** 'Reservas': Lista/Calendario of the facilities, the rules box, 'Mis Reservas' and, for admins, their view. */
export function ReservationsPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const isAdmin = user?.role === 'admin'
  const facilities = useFacilities(isAdmin)
  const mine = useReservations({})
  const [tab, setTab] = useState<Tab>('list')
  const [facilityId, setFacilityId] = useState<string | undefined>(undefined)
  const [month, setMonth] = useState<string | undefined>(undefined)
  const [booking, setBooking] = useState<Booking | undefined>(undefined)
  const [cancelling, setCancelling] = useState<Reservation | undefined>(undefined)
  const [editing, setEditing] = useState<Facility | null | undefined>(undefined)

  const all = facilities.data?.items ?? []
  const open = all.filter((f) => !f.archived)
  const selected = open.find((f) => f.id === facilityId) ?? open[0]
  const shownMonth = month ?? currentMonth(facilities.data?.timeZone ?? 'Europe/Madrid')
  const byId = (id: string) => all.find((f) => f.id === id)

  const pick = (facility: Facility, slot: SlotTime) => {
    setBooking({ facility, slot: { date: slot.date, start: slot.start, end: slot.end } })
  }

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-5">
      <header className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{t('reservations.title')}</h1>
          {open.length > 0 && (
            <Button
              onClick={() => {
                setTab('calendar')
              }}
            >
              <Plus aria-hidden />
              {t('reservations.new')}
            </Button>
          )}
        </div>
        <p className="text-muted-foreground">{t('reservations.subtitle')}</p>
        {isAdmin && (
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              setEditing(null)
            }}
          >
            {t('reservations.newFacility')}
          </Button>
        )}
      </header>

      {facilities.isPending ? (
        <Skeleton className="h-40 w-full" aria-label={t('reservations.loading')} />
      ) : facilities.isError ? (
        <p role="alert" className="text-destructive">
          {t('reservations.loadError')}
        </p>
      ) : all.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed p-6 text-center">
          <CalendarCheck className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{t('reservations.empty.title')}</p>
          <p className="text-sm text-muted-foreground">{isAdmin ? t('reservations.empty.admin') : t('reservations.empty.member')}</p>
        </div>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(v) => {
            setTab(v as Tab)
          }}
        >
          <TabsList aria-label={t('reservations.tabs.label')}>
            <TabsTrigger value="list">{t('reservations.tabs.list')}</TabsTrigger>
            <TabsTrigger value="calendar">{t('reservations.tabs.calendar')}</TabsTrigger>
          </TabsList>
          <TabsContent value="list">
            <FacilityList
              facilities={all}
              isAdmin={isAdmin}
              onPick={pick}
              onCalendar={(f) => {
                setFacilityId(f.id)
                setTab('calendar')
              }}
              onEdit={setEditing}
            />
          </TabsContent>
          <TabsContent value="calendar">
            {selected && (
              <MonthCalendar
                facilities={open}
                facilityId={selected.id}
                onFacilityChange={setFacilityId}
                month={shownMonth}
                onMonthChange={setMonth}
                onPick={pick}
              />
            )}
          </TabsContent>
        </Tabs>
      )}

      {selected && <RulesBox facility={selected} />}

      <section aria-labelledby="my-reservations" className="flex flex-col gap-3">
        <h2 id="my-reservations" className="text-lg font-semibold">
          {t('reservations.mine.title')}
        </h2>
        {mine.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : mine.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('reservations.mine.loadError')}
          </p>
        ) : (mine.data.items ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('reservations.mine.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {(mine.data.items ?? []).map((r) => {
              const facility = byId(r.facilityId)
              return (
                <ReservationItem key={r.id} reservation={r}>
                  {r.canModify && facility && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setBooking({ facility, slot: { date: r.date, start: r.start, end: r.end }, reservation: r })
                      }}
                    >
                      {t('reservations.mine.modify')}
                    </Button>
                  )}
                  {r.canCancel && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        setCancelling(r)
                      }}
                    >
                      {t('reservations.mine.cancel')}
                    </Button>
                  )}
                </ReservationItem>
              )
            })}
          </ul>
        )}
      </section>

      {isAdmin && <AdminPanel onCancel={setCancelling} />}

      <BookingDialog
        facility={booking?.facility}
        slot={booking?.slot}
        reservation={booking?.reservation}
        needsReason={booking?.reservation !== undefined && isAdmin && needsReason(booking.reservation)}
        onClose={() => {
          setBooking(undefined)
        }}
      />
      <CancelDialog
        reservation={cancelling}
        needsReason={cancelling !== undefined && isAdmin && needsReason(cancelling)}
        onClose={() => {
          setCancelling(undefined)
        }}
      />
      <FacilityFormDialog
        open={editing !== undefined}
        facility={editing ?? undefined}
        onClose={() => {
          setEditing(undefined)
        }}
      />
    </main>
  )
}
