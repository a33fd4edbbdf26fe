import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api/client'
import { problemMessage } from '@/lib/api/problem'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { euros } from '@/lib/euros'
import { useTranslation } from '@/lib/i18n'
import { norma43Text } from './api/books'
import { useMoneyMutation } from './api/money'

type Mapping = components['schemas']['CSVMapping']
type Preview = components['schemas']['CsvPreviewOutputBody']

const columns = ['date', 'concept', 'amount', 'debit', 'credit', 'balance'] as const

/**
 * A bank statement as CSV (issue #37): the admin picks the file, says which column holds each datum (the
 * first lines shown to help), previews what would be imported and imports it, all of it or nothing.
 */
export function CsvImport({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const { t } = useTranslation()
  const [file, setFile] = useState<{ name: string; content: string } | null>(null)
  const [mapping, setMapping] = useState<Mapping>({ date: 1, concept: 2, amount: 3, headerRows: 1, decimalComma: true })
  const [preview, setPreview] = useState<Preview | null>(null)
  const failed = (err: unknown) => toast.error(t('common.error'), { description: problemMessage(err, t) })
  const read = useMoneyMutation(() =>
    unwrap(
      api.POST('/api/v1/money/accounts/{id}/statements/csv/preview', {
        params: { path: { id: accountId } },
        body: { fileName: file?.name, content: file?.content ?? '', mapping },
      }),
    ),
  )
  const save = useMoneyMutation(() =>
    unwrap(
      api.POST('/api/v1/money/accounts/{id}/statements/csv', {
        params: { path: { id: accountId } },
        body: { fileName: file?.name, content: file?.content ?? '', mapping },
      }),
    ),
  )
  const set = (key: keyof Mapping, value: number | boolean) => {
    setMapping({ ...mapping, [key]: value })
    setPreview(null)
  }
  return (
    <section aria-label={t('books.csv.title')} className="flex flex-col gap-2 rounded-lg border p-2 text-xs">
      <Label className="flex flex-col gap-1">
        {t('books.csv.file')}
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(ev) => {
            const f = ev.target.files?.[0]
            if (!f) return
            void norma43Text(f).then((content) => {
              setFile({ name: f.name, content })
              setPreview(null)
            })
          }}
        />
      </Label>
      {file && (
        <>
          <pre className="overflow-x-auto rounded bg-muted p-1" aria-label={t('books.csv.firstLines')}>
            {file.content.split(/\r?\n/).slice(0, 4).join('\n')}
          </pre>
          <p>{t('books.csv.help')}</p>
          <div className="grid grid-cols-3 gap-2">
            {columns.map((c) => (
              <Label key={c} className="flex flex-col gap-1">
                {t(`books.csv.${c}`)}
                <Input
                  type="number"
                  min={0}
                  max={100}
                  inputMode="numeric"
                  value={mapping[c] ?? 0}
                  onChange={(ev) => {
                    set(c, Number(ev.target.value) || 0)
                  }}
                />
              </Label>
            ))}
            <Label className="flex flex-col gap-1">
              {t('books.csv.headerRows')}
              <Input
                type="number"
                min={0}
                max={100}
                inputMode="numeric"
                value={mapping.headerRows ?? 0}
                onChange={(ev) => {
                  set('headerRows', Number(ev.target.value) || 0)
                }}
              />
            </Label>
            <Label className="col-span-2 flex items-center gap-2">
              <input
                type="checkbox"
                checked={mapping.decimalComma ?? false}
                onChange={(ev) => {
                  set('decimalComma', ev.target.checked)
                }}
              />
              {t('books.csv.decimalComma')}
            </Label>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={read.isPending}
              onClick={() => {
                read.mutate(undefined, { onSuccess: setPreview, onError: failed })
              }}
            >
              {t('books.csv.preview')}
            </Button>
          </div>
        </>
      )}
      {file && preview && (
        <div className="flex flex-col gap-1">
          <p>
            {t('books.csv.summary', {
              count: preview.movements?.length ?? 0,
              start: preview.start,
              end: preview.end,
              opening: euros(preview.openingCents),
              closing: euros(preview.closingCents),
            })}
          </p>
          <ul aria-label={t('books.csv.previewList')} className="flex flex-col">
            {(preview.movements ?? []).slice(0, 10).map((m) => (
              <li key={m.line} className="flex justify-between gap-2 border-t py-0.5">
                <span className="min-w-0 break-words">
                  {m.date} · {m.concept}
                </span>
                <span className={m.amountCents < 0 ? 'text-destructive' : ''}>{euros(m.amountCents)}</span>
              </li>
            ))}
          </ul>
          <Button
            size="sm"
            className="self-end"
            disabled={save.isPending}
            onClick={() => {
              save.mutate(undefined, {
                onSuccess: (st) => {
                  toast.success(t('books.accounts.imported', { count: st.movements }))
                  onDone()
                },
                onError: failed,
              })
            }}
          >
            {t('books.csv.import')}
          </Button>
        </div>
      )}
    </section>
  )
}
