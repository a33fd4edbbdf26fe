import { BadgeCheck, Mail, MapPin, MoreVertical, Phone, Siren, Star } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DropdownMenu } from '@/components/ui/dropdown-menu'
import { useTranslation } from '@/lib/i18n'
import type { Provider } from '../api/providers'
import { Stars } from './stars'

interface ProviderCardProps {
  provider: Provider
  isAdmin: boolean
  onRate: () => void
  onEdit: () => void
  onArchive: () => void
  onApprove: () => void
  onReject: () => void
}

/** One provider: flags, rating, contact details, Llamar and Email; a pending or rejected suggestion says so. */
export function ProviderCard({ provider: p, isAdmin, onRate, onEdit, onArchive, onApprove, onReject }: ProviderCardProps) {
  const { t } = useTranslation()
  const listed = p.status === 'approved'
  const titleId = `provider-${p.id}`
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm">
      <header className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id={titleId} className="font-semibold">
            {p.name}
          </h2>
          <p className="text-xs text-muted-foreground">{t(`providers.categories.${p.category}`)}</p>
        </div>
        {isAdmin && listed && (
          <DropdownMenu
            trigger={(props) => (
              <Button variant="ghost" size="icon" aria-label={t('providers.actions.more', { name: p.name })} {...props}>
                <MoreVertical aria-hidden />
              </Button>
            )}
            items={[
              { label: t('providers.actions.edit'), onSelect: onEdit },
              { label: t('providers.actions.archive'), onSelect: onArchive, destructive: true },
            ]}
          />
        )}
      </header>
      <div className="flex flex-wrap gap-2">
        {p.emergency && (
          <Badge variant="red">
            <Siren className="size-3" aria-hidden />
            {t('providers.emergency')}
          </Badge>
        )}
        {p.verified && (
          <Badge variant="green">
            <BadgeCheck className="size-3" aria-hidden />
            {t('providers.verified')}
          </Badge>
        )}
        {p.status === 'pending' && <Badge variant="orange">{t('providers.status.pending')}</Badge>}
        {p.status === 'rejected' && <Badge variant="secondary">{t('providers.status.rejected')}</Badge>}
      </div>
      {listed && (
        <p className="flex items-center gap-2 text-sm">
          <Stars value={p.ratingAverage} />
          <span>
            {p.ratingCount === 0
              ? t('providers.noRatings')
              : t('providers.ratingSummary', { average: p.ratingAverage.toFixed(1), count: p.ratingCount })}
          </span>
        </p>
      )}
      {p.description && <p className="text-sm text-muted-foreground">{p.description}</p>}
      {p.status === 'rejected' && p.rejectionReason && (
        <p className="text-sm">{t('providers.rejectedBecause', { reason: p.rejectionReason })}</p>
      )}
      <ul className="flex flex-col gap-1 text-sm">
        {p.phone && (
          <li className="flex items-center gap-2">
            <Phone className="size-4 text-muted-foreground" aria-hidden />
            {p.phone}
          </li>
        )}
        {p.email && (
          <li className="flex items-center gap-2 break-all">
            <Mail className="size-4 text-muted-foreground" aria-hidden />
            {p.email}
          </li>
        )}
        {p.address && (
          <li className="flex items-center gap-2">
            <MapPin className="size-4 text-muted-foreground" aria-hidden />
            {p.address}
          </li>
        )}
      </ul>
      {listed && (
        <div className="grid grid-cols-3 gap-2">
          {p.phone ? (
            <Button asChild size="sm">
              <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`} aria-label={t('providers.callName', { name: p.name })}>
                <Phone aria-hidden />
                {t('providers.call')}
              </a>
            </Button>
          ) : (
            <Button size="sm" disabled>
              <Phone aria-hidden />
              {t('providers.call')}
            </Button>
          )}
          {p.email ? (
            <Button asChild size="sm" variant="outline">
              <a href={`mailto:${p.email}`} aria-label={t('providers.emailName', { name: p.name })}>
                <Mail aria-hidden />
                {t('providers.email')}
              </a>
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled>
              <Mail aria-hidden />
              {t('providers.email')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onRate} aria-label={t('providers.rateName', { name: p.name })}>
            <Star aria-hidden />
            {p.myStars ? t('providers.myRating', { stars: p.myStars }) : t('providers.rate')}
          </Button>
        </div>
      )}
      {isAdmin && p.status === 'pending' && (
        <div className="grid grid-cols-2 gap-2">
          <Button size="sm" onClick={onApprove} aria-label={t('providers.approveName', { name: p.name })}>
            {t('providers.approve')}
          </Button>
          <Button size="sm" variant="outline" onClick={onReject} aria-label={t('providers.rejectName', { name: p.name })}>
            {t('providers.reject')}
          </Button>
        </div>
      )}
    </article>
  )
}
