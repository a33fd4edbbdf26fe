import { Download, Eye } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n'
import type { DocumentVersion } from '../api/queries'

interface FileLinksProps {
  version: DocumentVersion
  /** The document's title: a list holds many 'Descargar' links, each is named after its document. */
  title: string
  /** Shows an image in the app; PDFs open in a tab of their own (the browser's viewer, never our page). */
  onPreviewImage: (version: DocumentVersion) => void
}

/** 'Ver' (PDF and images only) and 'Descargar' for one version of a document. */
export function FileLinks({ version, title, onPreviewImage }: FileLinksProps) {
  const { t } = useTranslation()
  const viewLabel = t('documents.viewNamed', { title })
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {version.previewUrl &&
        (version.contentType === 'application/pdf' ? (
          <Button asChild variant="outline" size="sm">
            <a href={version.previewUrl} target="_blank" rel="noopener noreferrer" aria-label={viewLabel}>
              <Eye aria-hidden />
              {t('documents.view')}
            </a>
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            aria-label={viewLabel}
            onClick={() => {
              onPreviewImage(version)
            }}
          >
            <Eye aria-hidden />
            {t('documents.view')}
          </Button>
        ))}
      <Button asChild variant="outline" size="sm">
        <a href={version.downloadUrl} download={version.fileName} aria-label={t('documents.downloadNamed', { title })}>
          <Download aria-hidden />
          {t('documents.download')}
        </a>
      </Button>
    </div>
  )
}
