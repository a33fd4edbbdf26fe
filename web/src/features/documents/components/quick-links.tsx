import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import type { Document, DocumentVersion } from '../api/queries'
import { localDay } from '../lib/format'
import { FileLinks } from './file-links'

interface QuickLinksProps {
  lastActa: Document | null | undefined
  accounts: Document | null | undefined
  onOpen: (document: Document) => void
  onPreviewImage: (version: DocumentVersion) => void
}

/** 'Última acta' and 'Estado de cuentas': each only when there is one; nothing at all when neither. */
export function QuickLinks({ lastActa, accounts, onOpen, onPreviewImage }: QuickLinksProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const links = [
    { key: 'lastActa', document: lastActa },
    { key: 'accounts', document: accounts },
  ] as const
  const shown = links.filter((l) => l.document)
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="documents-quick-links" className="flex flex-col gap-2">
      <h2 id="documents-quick-links" className="text-sm font-semibold text-muted-foreground">
        {t('documents.quickLinks.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3">
        {shown.map(({ key, document }) =>
          document ? (
            <li key={key}>
              <section aria-label={t(`documents.quickLinks.${key}`)} className="flex flex-col gap-2 rounded-2xl border bg-accent/40 p-4">
                <h3 className="text-sm font-semibold text-primary">{t(`documents.quickLinks.${key}`)}</h3>
                <button
                  type="button"
                  className="rounded text-left font-semibold break-words outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => {
                    onOpen(document)
                  }}
                >
                  {document.title}
                </button>
                <p className="text-xs text-muted-foreground">{dates.date(localDay(document.date))}</p>
                <FileLinks version={document.current} title={document.title} onPreviewImage={onPreviewImage} />
              </section>
            </li>
          ) : null,
        )}
      </ul>
    </section>
  )
}
