import * as DialogPrimitive from '@radix-ui/react-dialog'
import { LegalLinks } from '@/components/legal-links'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { useSignOut } from '@/lib/session'
import { useAcceptConsent } from '../api/privacy'

/**
 * The dialog of the consent gate (consent-gate.tsx): the version in force, the links to read it, accept or
 * sign out. Nothing else can be used until the member does one of them: the dialog has no close button,
 * and Escape and clicks outside do nothing.
 */
export function ConsentDialog({ version }: { version: string }) {
  const { t } = useTranslation()
  const accept = useAcceptConsent()
  const { signOut, pending: signingOut } = useSignOut()

  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          className={
            'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 ' +
            '-translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border bg-card p-6 text-card-foreground shadow-xl outline-none'
          }
          onEscapeKeyDown={(e) => {
            e.preventDefault()
          }}
          onInteractOutside={(e) => {
            e.preventDefault()
          }}
        >
          <DialogPrimitive.Title className="text-lg font-semibold">{t('consentGate.title')}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            {t('consentGate.description', { version })}
          </DialogPrimitive.Description>
          <p className="text-sm">
            <LegalLinks i18nKey="consentGate.links" />
          </p>
          <div className="flex flex-col gap-2">
            <Button
              size="lg"
              disabled={accept.isPending}
              onClick={() => {
                accept.mutate(version, {
                  onError: (err) => {
                    toast.error(t('common.error'), { description: problemMessage(err, t) })
                  },
                })
              }}
            >
              {accept.isPending ? t('consentGate.accepting') : t('consentGate.accept')}
            </Button>
            <Button
              variant="ghost"
              size="lg"
              disabled={signingOut}
              onClick={() => {
                signOut()
              }}
            >
              {t('consentGate.logout')}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
