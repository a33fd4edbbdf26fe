import { Construction } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { StatusPage } from '@/components/status-page'

/** Stands in for every screen of the route table that is not built yet. */
export function UnderConstructionPage() {
  const { t } = useTranslation()
  return (
    <StatusPage
      icon={Construction}
      title={t('underConstruction.title')}
      description={t('underConstruction.description')}
    />
  )
}
