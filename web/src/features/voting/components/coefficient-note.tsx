import { Link } from 'react-router'
import { useTranslation } from '@/lib/i18n'
import type { Poll } from '../api/polls'
import { cuotaText } from '../lib/format'
import { DeprivedUnits } from './deprived-units'

/** A junta draft, to its admins: the registry's coeficientes (the vote opens only at 100 %) and the units deprived of their vote. */
export function CoefficientNote({ poll }: { poll: Poll }) {
  const { t, i18n } = useTranslation()
  return (
    <div className="rounded-lg border p-3 text-sm">
      <p>{t('voting.coefficientSum', { sum: cuotaText(poll.coefficientSum, i18n.language) })}</p>
      {!poll.coefficientsAre100 && (
        <p className="text-destructive">
          {t('voting.coefficientsNot100')}{' '}
          <Link to="/settings/units" className="underline">
            {t('voting.editCoefficients')}
          </Link>
        </p>
      )}
      <DeprivedUnits poll={poll} />
    </div>
  )
}
