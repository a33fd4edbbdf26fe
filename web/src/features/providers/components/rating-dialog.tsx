import { Star } from 'lucide-react'
import { useState, type SyntheticEvent } from 'react'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { useProviderRatings, useRateProvider, type Provider } from '../api/providers'
import { Stars } from './stars'

interface RatingDialogProps {
  provider: Provider | undefined
  onOpenChange: (open: boolean) => void
}

/** 'Valorar': the member's stars and comment (editable, one per member) and the neighbours' ratings. */
export function RatingDialog({ provider, onOpenChange }: RatingDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={provider !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('providers.rating.title', { name: provider?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('providers.rating.description')}</DialogDescription>
        </DialogHeader>
        {provider && (
          <RatingForm
            key={provider.id}
            provider={provider}
            onDone={() => {
              onOpenChange(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function RatingForm({ provider, onDone }: { provider: Provider; onDone: () => void }) {
  const { t } = useTranslation()
  const [stars, setStars] = useState(provider.myStars ?? 0)
  const [comment, setComment] = useState(provider.myComment ?? '')
  const rate = useRateProvider()
  const ratings = useProviderRatings(provider.id, true)
  const others = ratings.data?.items ?? []

  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    rate.mutate(
      { id: provider.id, stars, comment },
      {
        onSuccess: () => {
          toast.success(t('providers.rating.saved'))
          onDone()
        },
        onError: (err) => {
          toast.error(t('common.error'), { description: problemMessage(err, t) })
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('providers.rating.stars')}</legend>
        <div role="radiogroup" aria-label={t('providers.rating.stars')} className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={stars === n}
              aria-label={t('providers.rating.starsValue', { count: n })}
              onClick={() => {
                setStars(n)
              }}
              className="rounded-md p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Star
                className={cn('size-8', n <= stars ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50')}
                aria-hidden
              />
            </button>
          ))}
        </div>
      </fieldset>
      <FormField id="rating-comment" label={t('providers.rating.comment')} optionalText={t('common.optional')}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={1000}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value)
            }}
          />
        )}
      </FormField>
      {others.length > 0 && (
        <section aria-label={t('providers.rating.others')} className="flex max-h-48 flex-col gap-2 overflow-y-auto">
          <h3 className="text-sm font-medium">{t('providers.rating.others')}</h3>
          <ul className="flex flex-col gap-2">
            {others.map((r) => (
              <li key={r.userId} className="rounded-xl bg-muted p-2 text-sm">
                <span className="flex items-center gap-2">
                  <span className="font-medium">{r.userName || t('common.user')}</span>
                  <Stars value={r.stars} />
                  <span className="sr-only">{t('providers.rating.starsValue', { count: r.stars })}</span>
                </span>
                {r.comment && <p className="text-muted-foreground">{r.comment}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={rate.isPending} disabled={stars === 0}>
          {t('providers.rating.save')}
        </SubmitButton>
      </DialogFooter>
    </form>
  )
}
