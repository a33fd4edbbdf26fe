import { LoaderCircle } from 'lucide-react'
import { Outlet, ScrollRestoration } from 'react-router'
import { useCanonicalLink } from '@/lib/document-head'
import { useTranslation } from '@/lib/i18n'

/** Wraps every screen: keeps the canonical link on the current URL and restores scroll on navigation. */
export function RootLayout() {
  useCanonicalLink()
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}

/**
 * Shown while the first screen's code loads (lazy routes on a deep link). The markup of <Spinner> without
 * its cn(), which would bring the class merging (lib/merge-classes.ts) into the main chunk (ADR 0029).
 */
export function PageLoading() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <span role="status" className="inline-flex size-8 text-primary">
        <LoaderCircle className="size-full animate-spin" aria-hidden />
        <span className="sr-only">{t('common.loading')}</span>
      </span>
    </div>
  )
}
