import { ArrowLeft, FileUp, Send } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ListPage } from '@/components/list-page'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { problemMessage } from '@/lib/api/problem'
import { ApiError } from '@/lib/api/request'
import { useTranslation } from '@/lib/i18n'
import {
  type OfficeImportResult,
  useConfirmOfficeImport,
  useOpenRunCommunity,
  useOrganisation,
  useOrganisationCommunities,
  usePreviewOfficeImport,
} from './api/despacho'

/**
 * /despacho/comunidades/:id/importar (issue #35): the office imports the units and owners of a community
 * it runs from a CSV — the registry's columns plus email_propietario. The file is first reviewed (every
 * faulty line named, nothing kept), then confirmed: the units are created and each owner is emailed an
 * invitation. Importing the same file again creates and sends nothing twice.
 */
export function OfficeImportPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const organisation = useOrganisation()
  const communities = useOrganisationCommunities(organisation.data != null)
  const community = communities.data?.find((c) => c.communityId === id && c.status === 'active')
  const loading = organisation.isPending || (organisation.data != null && communities.isPending)
  const failed = organisation.isError || communities.isError
  return (
    <ListPage>
      <header className="flex min-w-0 items-center gap-2">
        <Button asChild variant="ghost" size="icon" className="shrink-0">
          <Link to="/despacho" aria-label={t('despacho.import.back')}>
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight">{t('despacho.import.title')}</h1>
          {community && <p className="truncate text-sm text-muted-foreground">{community.communityName}</p>}
        </div>
      </header>
      {loading && <Spinner />}
      {failed && <p role="alert">{t('despacho.loadError')}</p>}
      {!loading && !failed && !community && <p className="text-muted-foreground">{t('despacho.import.notRun')}</p>}
      {community && organisation.data?.rights === 'read' && <p className="text-muted-foreground">{t('despacho.import.readOnly')}</p>}
      {community && organisation.data && organisation.data.rights !== 'read' && <ImportSteps communityId={community.communityId} />}
    </ListPage>
  )
}

/** The text of a chosen file (FileReader: every browser, and the tests' DOM). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '')
    }
    reader.onerror = () => {
      reject(reader.error ?? new Error('read'))
    }
    reader.readAsText(file)
  })
}

function ImportSteps({ communityId }: { communityId: string }) {
  const { t } = useTranslation()
  const id = useId()
  const preview = usePreviewOfficeImport(communityId)
  const confirm = useConfirmOfficeImport(communityId)
  const open = useOpenRunCommunity()
  const [csv, setCsv] = useState('')
  const [fileName, setFileName] = useState('')
  const [plan, setPlan] = useState<OfficeImportResult>()
  const [done, setDone] = useState<OfficeImportResult>()
  const [lines, setLines] = useState<string[]>([])
  const [error, setError] = useState<string>()

  const failed = (err: Error) => {
    setLines(err instanceof ApiError ? err.errors : [])
    setError(problemMessage(err, t))
  }
  const reset = () => {
    setPlan(undefined)
    setDone(undefined)
    setLines([])
    setError(undefined)
  }

  if (done) {
    return (
      <section aria-labelledby={`${id}-done`} className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
        <h2 id={`${id}-done`} className="font-semibold">
          {t('despacho.import.doneTitle')}
        </h2>
        <p role="status" className="text-lg">
          {t('despacho.import.done', { units: done.unitsCreated, invitations: done.invitationsSent })}
        </p>
        {(done.unitsUpdated > 0 || done.alreadyInvited > 0 || done.alreadyMembers > 0) && (
          <p className="text-sm text-muted-foreground">
            {t('despacho.import.doneMore', { updated: done.unitsUpdated, invited: done.alreadyInvited, members: done.alreadyMembers })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void open(communityId, '/settings/invitations')}>{t('despacho.import.seeInvitations')}</Button>
          <Button
            variant="outline"
            onClick={() => {
              reset()
              setCsv('')
              setFileName('')
            }}
          >
            {t('despacho.import.another')}
          </Button>
        </div>
      </section>
    )
  }

  return (
    <>
      <section aria-labelledby={`${id}-file-title`} className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
        <h2 id={`${id}-file-title`} className="font-semibold">
          {t('despacho.import.fileTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('despacho.import.hint')}</p>
        <pre className="overflow-x-auto rounded-lg bg-muted p-2 text-xs">
          portal;planta;puerta;tipo;coeficiente;email_propietario{'\n'}1;2;B;vivienda;4,25;ana@ejemplo.es
        </pre>
        <p className="text-sm text-muted-foreground">{t('despacho.import.owners')}</p>
        <form
          className="flex flex-col gap-3"
          noValidate
          aria-labelledby={`${id}-file-title`}
          onSubmit={(e) => {
            e.preventDefault()
            reset()
            preview.mutate(csv, { onSuccess: setPlan, onError: failed })
          }}
        >
          <FormField id={`${id}-file`} label={t('despacho.import.file')}>
            {(control) => (
              <Input
                {...control}
                type="file"
                accept=".csv,text/csv,text/plain"
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  reset()
                  if (file) {
                    setFileName(file.name)
                    void readText(file).then(setCsv)
                  }
                }}
              />
            )}
          </FormField>
          {fileName && csv && <p className="text-sm text-muted-foreground">{t('despacho.import.chosen', { name: fileName })}</p>}
          <Button type="submit" className="self-start" disabled={!csv.trim() || preview.isPending} aria-busy={preview.isPending}>
            <FileUp aria-hidden />
            {preview.isPending ? t('despacho.import.reviewing') : t('despacho.import.review')}
          </Button>
        </form>
        {error && (
          <div role="alert" className="rounded-xl border border-destructive p-3 text-sm">
            <p className="font-semibold">{lines.length > 0 ? t('despacho.import.errors') : error}</p>
            {lines.length > 0 && (
              <ul className="list-disc pl-5">
                {lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      {plan && (
        <section aria-labelledby={`${id}-plan`} className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
          <h2 id={`${id}-plan`} className="font-semibold">
            {t('despacho.import.previewTitle')}
          </h2>
          <p>{t('despacho.import.previewSummary', { units: plan.unitsCreated, invitations: plan.invitationsSent })}</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('despacho.import.previewTitle')}</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-1 pr-2">
                    {t('despacho.import.line')}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {t('despacho.import.unit')}
                  </th>
                  <th scope="col" className="py-1">
                    {t('despacho.import.ownersColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(plan.lines ?? []).map((l) => (
                  <tr key={l.line} className="border-b align-top last:border-b-0">
                    <td className="py-2 pr-2 tabular-nums">{l.line}</td>
                    <td className="py-2 pr-2">
                      <span className="font-medium">{l.unit}</span>
                      <span className="block text-xs text-muted-foreground">
                        {t(`despacho.import.kind.${l.kind}`)}
                        {l.coefficient ? ` · ${l.coefficient} %` : ''} · {t(l.new ? 'despacho.import.newUnit' : 'despacho.import.existingUnit')}
                      </span>
                    </td>
                    <td className="py-2">
                      {(l.owners ?? []).length === 0 ? (
                        <span className="text-muted-foreground">{t('despacho.import.noOwner')}</span>
                      ) : (
                        <ul className="flex flex-col gap-1">
                          {(l.owners ?? []).map((o) => (
                            <li key={o.email} className="flex flex-wrap items-center gap-1">
                              <span className="break-all">{o.email}</span>
                              <Badge variant={o.outcome === 'invite' ? 'default' : 'secondary'}>{t(`despacho.import.outcome.${o.outcome}`)}</Badge>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={confirm.isPending}
              aria-busy={confirm.isPending}
              onClick={() => {
                confirm.mutate(csv, {
                  onSuccess: setDone,
                  onError: (err) => {
                    setPlan(undefined)
                    failed(err)
                  },
                })
              }}
            >
              <Send aria-hidden />
              {confirm.isPending ? t('despacho.import.importing') : t('despacho.import.confirm')}
            </Button>
            <Button variant="ghost" disabled={confirm.isPending} onClick={reset}>
              {t('despacho.import.cancel')}
            </Button>
          </div>
        </section>
      )}
    </>
  )
}
