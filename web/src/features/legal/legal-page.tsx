import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { useAppInfo } from '@/lib/app-info'
import { currentLanguage, useTranslation } from '@/lib/i18n'
import { LEGAL, type LegalText } from './legal-texts'

/** The terms (/terminos) or the privacy notice (/privacidad), in the app's language, signed in or not. */
function LegalPage({ pick }: { pick: (texts: (typeof LEGAL)['es']) => LegalText }) {
  const { t } = useTranslation() // renders again when the language changes
  const text = pick(LEGAL[currentLanguage()])
  const email = useAppInfo().data?.supportEmail
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6">
      <Link
        to="/"
        className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('common.backHome')}
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance">{text.title}</h1>
      <p className="mt-3 text-muted-foreground text-pretty">{text.intro}</p>
      {text.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-lg font-semibold">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2 leading-relaxed text-pretty">
              {p}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-8 border-t pt-4 text-sm text-muted-foreground">
        {email ? (
          <>
            {text.contact.split('{{email}}')[0]}
            <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4 break-all">
              {email}
            </a>
            {text.contact.split('{{email}}')[1]}
          </>
        ) : (
          text.contactNoEmail
        )}
      </p>
    </main>
  )
}

export function TermsPage() {
  return <LegalPage pick={(texts) => texts.terms} />
}

export function PrivacyPage() {
  return <LegalPage pick={(texts) => texts.privacy} />
}
