import { Link } from 'react-router'
import { useDocumentMeta } from '@/lib/document-head'
import { useTranslation } from '@/lib/i18n'

// The first screen of most visits is in the main chunk, so it is plain markup: the Card and Button classes
// as cn() would merge them, written out, keep the class merging and the Button out of that chunk (ADR 0029).
const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap ' +
  'transition-colors outline-none select-none focus-visible:ring-2 focus-visible:ring-ring ' +
  'focus-visible:ring-offset-2 focus-visible:ring-offset-background h-12 px-6 text-base w-full'

export function LandingPage() {
  const { t } = useTranslation()
  useDocumentMeta(t('app.title'), t('app.description'))

  return (
    <main className="flex min-h-dvh items-stretch justify-center sm:items-center sm:bg-muted sm:p-6">
      {/* Full-bleed on a phone; a centred card from the sm breakpoint up. */}
      <div
        className={
          'flex flex-col py-6 text-card-foreground w-full max-w-md gap-10 rounded-none border-0 bg-background ' +
          'pt-12 pb-6 shadow-none sm:rounded-3xl sm:border sm:bg-card sm:py-10 sm:shadow-xl'
        }
      >
        <div className="flex flex-col px-6 flex-1 items-center justify-center gap-0 text-center sm:flex-none">
          <img src="/logo.svg" alt="" width={96} height={96} className="size-24 drop-shadow-md" />
          <h1 className="mt-8 text-[1.75rem] font-bold tracking-tight text-balance">{t('landing.welcome')}</h1>
          <p className="mt-3 text-lg text-muted-foreground text-pretty">{t('landing.subtitle')}</p>
        </div>

        <div className="px-6 flex flex-col gap-4">
          <h2 className="text-center text-lg font-semibold">{t('landing.haveCommunity')}</h2>
          <Link to="/login" className={`${BUTTON} bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover`}>
            {t('landing.login')}
          </Link>
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <span className="h-px flex-1 bg-input" aria-hidden />
            {t('landing.or')}
            <span className="h-px flex-1 bg-input" aria-hidden />
          </div>
          <Link
            to="/register"
            className={`${BUTTON} border-2 border-primary bg-transparent text-primary hover:bg-accent`}
          >
            {t('landing.createCommunity')}
          </Link>
        </div>

        <div className="flex items-center px-6 justify-center">
          <p className="text-center text-xs text-muted-foreground">{t('landing.terms')}</p>
        </div>
      </div>
    </main>
  )
}
