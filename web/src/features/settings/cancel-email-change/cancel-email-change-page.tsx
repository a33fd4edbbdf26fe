import { useTranslation } from '@/lib/i18n'
import { useCancelEmailChange } from '../api/account'
import { EmailLinkPage } from '../components/email-link-page'

/**
 * Opened from the notice sent to the old address when someone asks to change the account's email
 * (/cancel-email-change?token=…): one POST spends the token and the pending change is cancelled.
 */
export function CancelEmailChangePage() {
  const { t } = useTranslation()
  return (
    <EmailLinkPage
      mutation={useCancelEmailChange()}
      loading={t('settings.emailChange.cancelLoading')}
      successTitle={t('settings.emailChange.cancelledTitle')}
      success={() => t('settings.emailChange.cancelled')}
      successLink={{ to: '/login', label: t('settings.emailChange.toLogin') }}
      errorTitle={t('settings.emailChange.cancelErrorTitle')}
    />
  )
}
