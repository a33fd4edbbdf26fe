import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useCreateOfficeCommunity } from './api/despacho'

const fields = ['name', 'address', 'city', 'postalCode'] as const
type Field = (typeof fields)[number]
const maxLength: Record<Field, number> = { name: 200, address: 300, city: 100, postalCode: 10 }

/**
 * 'Nueva comunidad' (issue #35): the office creates a community it runs from today, with the data a
 * resident gives when registering one. The staff member does not join it; the next step imports its units
 * and owners. Write rights only (the page hides it from read rights; the server refuses them).
 */
export function NewCommunity() {
  const { t } = useTranslation()
  const id = useId()
  const navigate = useNavigate()
  const create = useCreateOfficeCommunity()
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState<Record<Field, string>>({ name: '', address: '', city: '', postalCode: '' })
  const [error, setError] = useState<string>()
  if (!open) {
    return (
      <Button
        variant="outline"
        className="self-start"
        onClick={() => {
          setOpen(true)
        }}
      >
        <Plus aria-hidden />
        {t('despacho.newCommunity.open')}
      </Button>
    )
  }
  const ready = fields.every((f) => form[f].trim() !== '')
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-2xl border bg-card p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('despacho.newCommunity.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('despacho.newCommunity.description')}</p>
      <form
        className="flex flex-col gap-3"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault()
          setError(undefined)
          create.mutate(
            { name: form.name.trim(), address: form.address.trim(), city: form.city.trim(), postalCode: form.postalCode.trim() },
            {
              onSuccess: (p) => {
                toast.success(t('despacho.newCommunity.done', { name: p.communityName }))
                void navigate(`/despacho/comunidades/${p.communityId}/importar`)
              },
              onError: (err) => {
                setError(problemMessage(err, t))
              },
            },
          )
        }}
      >
        {fields.map((field) => (
          <FormField key={field} id={`${id}-${field}`} label={t(`despacho.newCommunity.${field}`)}>
            {(control) => (
              <Input
                {...control}
                value={form[field]}
                onChange={(event) => {
                  setForm({ ...form, [field]: event.target.value })
                }}
                autoComplete={field === 'postalCode' ? 'postal-code' : 'off'}
                inputMode={field === 'postalCode' ? 'numeric' : undefined}
                maxLength={maxLength[field]}
                required
              />
            )}
          </FormField>
        ))}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending || !ready} aria-busy={create.isPending}>
            {create.isPending ? t('despacho.newCommunity.creating') : t('despacho.newCommunity.submit')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setOpen(false)
              setError(undefined)
            }}
          >
            {t('despacho.newCommunity.cancel')}
          </Button>
        </div>
      </form>
    </section>
  )
}
