import { FileText } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { Document, DocumentVersion } from '../api/queries'
import { formatSize, localDay } from '../lib/format'
import { FileLinks } from './file-links'

interface DocumentCardProps {
  document: Document
  onOpen: () => void
  onPreviewImage: (version: DocumentVersion) => void
}

/** One document: its category, title, date, current file (format, size) and who may see it. */
export function DocumentCard({ document: d, onOpen, onPreviewImage }: DocumentCardProps) {
  const { t, i18n } = useTranslation()
  const dates = useDateFormat()
  const deleted = d.deletedAt !== null
  return (
    <article aria-labelledby={`document-${d.id}`} className={cn('flex gap-3 rounded-2xl border bg-card p-4 shadow-sm', deleted && 'opacity-70')}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
        <FileText className="size-5" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{d.categoryName}</Badge>
          {d.visibility !== 'all' && <Badge variant="blue">{t(`documents.visibility.${d.visibility}`)}</Badge>}
          {deleted && <Badge variant="destructive">{t('documents.deleted')}</Badge>}
        </div>
        <h2 id={`document-${d.id}`} className="text-base leading-snug font-semibold break-words">
          <button type="button" onClick={onOpen} className="rounded text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
            {d.title}
          </button>
        </h2>
        <p className="text-xs text-muted-foreground">
          {t('documents.card.meta', {
            date: dates.date(localDay(d.date)),
            format: d.current.format,
            size: formatSize(d.current.size, i18n.language),
          })}
          {d.versionCount > 1 && ` · ${t('documents.card.versions', { n: d.versionCount })}`}
        </p>
        {d.openedBy != null && d.audience != null && (
          <p className="text-xs text-muted-foreground">{t('documents.openedBy', { opened: d.openedBy, total: d.audience })}</p>
        )}
        {!deleted && <FileLinks version={d.current} title={d.title} onPreviewImage={onPreviewImage} />}
      </div>
    </article>
  )
}
