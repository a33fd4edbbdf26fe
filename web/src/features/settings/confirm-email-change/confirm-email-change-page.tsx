import { useTranslation } from '@/lib/i18n'
import { useConfirmEmailChange } from '../api/account'
import { EmailLinkPage } from '../components/email-link-page'

/**
 * Opened from the link sent to the new address (/confirm-email-change?token=…): one POST spends the
 * token, the account's email changes and its other sessions end.
 */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation()
  return (
    <EmailLinkPage
      mutation={useConfirmEmailChange()}
      loading={t('settings.emailChange.loading')}
      successTitle={t('settings.emailChange.successTitle')}
      success={(data) => t('settings.emailChange.success', { email: data.email })}
      successLink={{ to: '/settings/profile', label: t('settings.emailChange.toProfile') }}
      errorTitle={t('settings.emailChange.errorTitle')}
    />
  )
}
