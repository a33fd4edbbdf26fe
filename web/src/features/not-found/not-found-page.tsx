import { MapPinOff } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { StatusPage } from '@/components/status-page'
import { useTranslation } from '@/lib/i18n'

// The spec fixes this heading word for word, in every language, so it is not in the catalogues.
const NOT_FOUND_TITLE = 'Oops! Page not found'

export function NotFoundPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return <StatusPage icon={MapPinOff} title={NOT_FOUND_TITLE} description={t('notFound.description')} />
}
