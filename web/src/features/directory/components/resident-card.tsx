import { Home, Mail, Phone } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { useTranslation, type TFunction } from '@/lib/i18n'
import type { Resident, ResidentRole } from '../api/get-directory'

const ROLE_VARIANT: Record<ResidentRole, BadgeVariant> = {
  admin: 'red',
  president: 'orange',
  owner: 'blue',
  tenant: 'green',
  user: 'secondary',
}

/** 'Piso X, Puerta Y' when the floor is known (the unit number is the door), else the unit, else nothing. */
export function residentHome(r: Pick<Resident, 'floor' | 'door' | 'unit'>, t: TFunction): string | null {
  const door = r.door ?? r.unit
  if (r.floor && door) return t('directory.floorDoor', { floor: r.floor, door })
  if (r.floor) return t('directory.floor', { floor: r.floor })
  if (r.unit) return t('directory.unit', { unit: r.unit })
  return null
}

/** A unit of a resident with how they are there, when it says more than living there: '1º A (familiar)'. */
function unitWithRelation(u: NonNullable<Resident['units']>[number], t: TFunction): string {
  return u.relation === 'resident' ? u.label : t('units.unitWithRelation', { unit: u.label, relation: t(`units.relationLower.${u.relation}`) })
}

/** One resident: avatar, name, home, role, and their phone and email only when the server shares them. */
export function ResidentCard({ resident: r }: { resident: Resident }) {
  const { t } = useTranslation()
  const name = r.name.trim() || t('common.user')
  // A member of several units (a flat and a garage) shows every confirmed one, each with how they are
  // there: '2º B · Garaje 3 (propietario)'. One unit shows the home, and 'familiar' when they are family.
  const units = r.units ?? []
  const single = residentHome(r, t)
  const home =
    units.length > 1
      ? units.map((u) => unitWithRelation(u, t)).join(' · ')
      : single && units[0]?.relation === 'family'
        ? t('units.unitWithRelation', { unit: single, relation: t('units.relationLower.family') })
        : single
  return (
    <article aria-labelledby={`resident-${r.id}`} className="flex gap-3 rounded-2xl border bg-card p-4 shadow-sm">
      <Avatar src={r.avatarUrl} name={name} size="md" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 id={`resident-${r.id}`} className="min-w-0 font-semibold break-words">
            {name}
          </h2>
          <Badge variant={ROLE_VARIANT[r.role]}>{t(`directory.roles.${r.role}`)}</Badge>
          {!r.isActive && <Badge variant="outline">{t('directory.inactive')}</Badge>}
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Home className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{home ?? t('directory.noUnit')}</span>
        </p>
        {/* Hidden by the resident's privacy choice, the server sends null: show nothing then. */}
        {(Boolean(r.phone) || Boolean(r.email)) && (
          <div className="mt-1 flex flex-col gap-1 text-sm">
            {r.phone && (
              <a
                href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}
                aria-label={`${t('directory.call', { name })}: ${r.phone}`}
                className="flex w-fit max-w-full items-center gap-1.5 rounded font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Phone className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{r.phone}</span>
              </a>
            )}
            {r.email && (
              <a
                href={`mailto:${r.email}`}
                aria-label={`${t('directory.write', { name })}: ${r.email}`}
                className="flex w-fit max-w-full items-center gap-1.5 rounded font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Mail className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{r.email}</span>
              </a>
            )}
          </div>
        )}
      </div>
    </article>
  )
}
