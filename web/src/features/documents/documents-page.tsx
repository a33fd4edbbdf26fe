import { FolderOpen, Info, Plus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ListPage, ListTitle, ListToolbar, NewButton, PagedList, type DrawerState } from '@/components/list-page'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/components/ui/toast'
import { useTranslation } from '@/lib/i18n'
import { useSession } from '@/lib/session'
import { useDebounced } from '@/lib/use-debounced'
import { useSetDocumentEmails } from './api/mutations'
import {
  useDocumentCategories,
  useDocumentEmails,
  useDocumentHighlights,
  useDocuments,
  type Document,
  type DocumentVersion,
} from './api/queries'
import { CategoryDialog } from './components/category-dialog'
import { DeleteDocumentDialog } from './components/delete-document-dialog'
import { DocumentCard } from './components/document-card'
import { DocumentDetailDialog } from './components/document-detail-dialog'
import { activeFilterCount, DocumentFilters, NO_FILTERS, type DocumentFilterValues } from './components/document-filters'
import { QuickLinks } from './components/quick-links'
import { UploadDialog } from './components/upload-dialog'

/**
 * 'Documentos', the community's archive: quick links to the last acta and accounts, search and filters,
 * the list, the info note on retention, the email notices switch, and the upload, detail and delete
 * dialogs. What a member may see is the server's decision.
 */
export function DocumentsPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const admin = user?.role === 'admin'
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [filters, setFilters] = useState<DocumentFilterValues>(NO_FILTERS)
  const [uploading, setUploading] = useState(false)
  const [addingCategory, setAddingCategory] = useState(false)
  const [viewing, setViewing] = useState<Document | undefined>(undefined)
  const [deleting, setDeleting] = useState<Document | undefined>(undefined)
  const [image, setImage] = useState<DocumentVersion | undefined>(undefined)

  const documents = useDocuments({
    q: q || undefined,
    categoryId: filters.categoryId,
    year: filters.year ? Number(filters.year) : undefined,
    includeDeleted: filters.includeDeleted || undefined,
  })
  const highlights = useDocumentHighlights()
  const categories = useDocumentCategories()
  const uploadable = (categories.data?.categories ?? []).filter((c) => c.canUpload)

  useEffect(() => {
    if (documents.isError) toast.error(t('common.error'), { description: t('documents.toasts.loadError') })
  }, [documents.isError, t])

  const items = documents.data?.pages.flatMap((page) => page.items ?? []) ?? []
  const filterCount = activeFilterCount(filters)
  const filtered = q !== '' || filterCount > 0
  const filterDrawer = (drawer: DrawerState) => (
    <DocumentFilters {...drawer} value={filters} onChange={setFilters} categories={categories.data?.categories ?? []} admin={admin} />
  )

  return (
    <ListPage>
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ListTitle section="documents" />
          {uploadable.length > 0 && (
            <NewButton
              section="documents"
              onClick={() => {
                setUploading(true)
              }}
            />
          )}
        </div>
        <p className="text-muted-foreground">{t('documents.subtitle')}</p>
      </header>

      <QuickLinks
        lastActa={highlights.data?.lastActa}
        accounts={highlights.data?.accounts}
        onOpen={setViewing}
        onPreviewImage={setImage}
      />

      <ListToolbar section="documents" search={search} onSearchChange={setSearch} filterCount={filterCount} drawer={filterDrawer} />

      <PagedList
        section="documents"
        query={documents}
        items={items}
        filtered={filtered}
        emptyIcon={FolderOpen}
        renderItem={(d) => (
          <DocumentCard
            document={d}
            onOpen={() => {
              setViewing(d)
            }}
            onPreviewImage={setImage}
          />
        )}
      />

      <aside className="flex gap-3 rounded-2xl bg-muted p-4 text-sm" aria-label={t('documents.info.label')}>
        <Info className="size-5 shrink-0 text-primary" aria-hidden />
        <p>{t('documents.info.retention')}</p>
      </aside>

      <EmailSwitch />

      {admin && (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => {
            setAddingCategory(true)
          }}
        >
          <Plus aria-hidden />
          {t('documents.category.title')}
        </Button>
      )}

      <UploadDialog open={uploading} onOpenChange={setUploading} categories={uploadable} maxMb={categories.data?.maxMb ?? 20} />
      <CategoryDialog open={addingCategory} onOpenChange={setAddingCategory} />
      <DocumentDetailDialog
        document={viewing}
        onOpenChange={(open) => {
          if (!open) setViewing(undefined)
        }}
        onDelete={setDeleting}
        onPreviewImage={setImage}
      />
      <DeleteDocumentDialog
        document={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined)
        }}
        onDeleted={() => {
          setDeleting(undefined)
          setViewing(undefined)
        }}
      />
      <Dialog
        open={image !== undefined}
        onOpenChange={(open) => {
          if (!open) setImage(undefined)
        }}
      >
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle className="break-words">{image?.fileName}</DialogTitle>
            <DialogDescription>{t('documents.preview.description')}</DialogDescription>
          </DialogHeader>
          {image?.previewUrl && <img src={image.previewUrl} alt={image.fileName} className="max-h-[70vh] w-full rounded-xl object-contain" />}
        </DialogContent>
      </Dialog>
    </ListPage>
  )
}

/** 'Recibir por email las actas y cuentas nuevas': the member's own choice. */
function EmailSwitch() {
  const { t } = useTranslation()
  const emails = useDocumentEmails()
  const set = useSetDocumentEmails()
  if (emails.data === undefined) return null
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl border p-4">
      <Label htmlFor="documents-emails">{t('documents.emails.label')}</Label>
      <Switch
        id="documents-emails"
        checked={emails.data}
        disabled={set.isPending}
        onCheckedChange={(on) => {
          set.mutate(on, {
            onError: () => {
              toast.error(t('common.error'), { description: t('documents.toasts.emailsError') })
            },
          })
        }}
      />
    </div>
  )
}
