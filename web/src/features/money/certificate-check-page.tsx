import { useParams } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { problemMessage } from '@/lib/api/problem'
import { useTranslation } from '@/lib/i18n'
import { euros } from './api/money'
import { useVerifiedCertificate } from './api/debt'

/** /certificado/:code, open to anyone: what a certificate of debt with this code states. */
export function CertificateCheckPage() {
  const { t } = useTranslation()
  const { code = '' } = useParams()
  const check = useVerifiedCertificate(code)
  const c = check.data
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('moneyDebt.check.title')}</h1>
      {check.isPending && <Skeleton className="h-32 w-full" />}
      {check.isError && <p role="alert">{problemMessage(check.error, t)}</p>}
      {c && (
        <Card>
          <CardHeader>
            <CardTitle>{t('moneyDebt.check.valid')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 text-sm">
            <p>{t(`moneyDebt.certificates.kinds.${c.kind}`)}</p>
            <p>{t('moneyDebt.check.of', { unit: c.unitLabel, community: c.community })}</p>
            <p className="text-base font-semibold">
              {c.owedCents === 0 ? t('moneyDebt.certificates.upToDate') : t('moneyDebt.check.owes', { amount: euros(c.owedCents) })}
            </p>
            <p className="text-muted-foreground">{t('moneyDebt.check.issued', { date: c.issuedOn, president: c.presidentName })}</p>
            <p className="font-mono text-xs">{c.code}</p>
          </CardContent>
        </Card>
      )}
    </main>
  )
}
