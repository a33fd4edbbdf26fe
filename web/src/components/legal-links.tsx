import { Trans } from '@/lib/i18n'

const linkClass = 'font-medium text-primary underline underline-offset-4'

/**
 * A sentence of the catalogue (at i18nKey) whose <terms> and <privacy> parts link to the terms and the
 * privacy policy, each opened in a new tab: the registration form and the consent dialog say it.
 */
export function LegalLinks({ i18nKey }: { i18nKey: 'consentGate.links' | 'auth.register.contacts.terms' }) {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{
        terms: <a href="/terminos" target="_blank" rel="noopener noreferrer" className={linkClass} />,
        privacy: <a href="/privacidad" target="_blank" rel="noopener noreferrer" className={linkClass} />,
      }}
    />
  )
}
