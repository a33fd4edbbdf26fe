import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card'
import { useDocumentMeta } from '@/lib/document-head'

export function LandingPage() {
  const { t } = useTranslation()
  useDocumentMeta(t('app.title'), t('app.description'))

  return (
    <main className="flex min-h-dvh items-stretch justify-center sm:items-center sm:bg-muted sm:p-6">
      {/* Full-bleed on a phone; a centred card from the sm breakpoint up. */}
      <Card
        className={
          'w-full max-w-md gap-10 rounded-none border-0 bg-background pt-12 pb-6 shadow-none ' +
          'sm:rounded-3xl sm:border sm:bg-card sm:py-10 sm:shadow-xl'
        }
      >
        <CardHeader className="flex-1 items-center justify-center gap-0 text-center sm:flex-none">
          <img src="/logo.svg" alt="" width={96} height={96} className="size-24 drop-shadow-md" />
          <h1 className="mt-8 text-[1.75rem] font-bold tracking-tight text-balance">{t('landing.welcome')}</h1>
          <p className="mt-3 text-lg text-muted-foreground text-pretty">{t('landing.subtitle')}</p>
        </CardHeader>

        <CardContent className="flex flex-col gap-4">
          <h2 className="text-center text-lg font-semibold">{t('landing.haveCommunity')}</h2>
          <Button asChild size="lg" className="w-full">
            <Link to="/login">{t('landing.login')}</Link>
          </Button>
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <span className="h-px flex-1 bg-input" aria-hidden />
            {t('landing.or')}
            <span className="h-px flex-1 bg-input" aria-hidden />
          </div>
          <Button asChild size="lg" variant="outline" className="w-full">
            <Link to="/register">{t('landing.createCommunity')}</Link>
          </Button>
        </CardContent>

        <CardFooter className="justify-center">
          <p className="text-center text-xs text-muted-foreground">{t('landing.terms')}</p>
        </CardFooter>
      </Card>
    </main>
  )
}
