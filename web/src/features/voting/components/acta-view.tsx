import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { recordCsvUrl, usePollRecord } from '../api/polls'
import { cuotaText, decisionReason } from '../lib/format'

/**
 * The printable record of a vote, ready for the acta (art. 19 LPH): the vote, its result, the attendees
 * and the represented with their cuotas, and, when the vote is not secret, who voted what.
 */
export function ActaView({ id }: { id: string }) {
  const { t, i18n } = useTranslation()
  const dates = useDateFormat()
  const record = usePollRecord(id)
  if (record.isPending) return <p role="status">{t('voting.loading')}</p>
  if (record.isError) {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert">{t('voting.actaError')}</p>
        <Link to="/voting" className="underline">
          {t('voting.back')}
        </Link>
      </div>
    )
  }
  const { poll, voters, units, objections } = record.data
  const option = new Map(poll.options.map((o) => [o.id, o.text]))
  const voted = new Set(voters.map((v) => v.voterName))
  const absent = units.filter((u) => u.ownerName && !voted.has(u.ownerName) && !u.deprivedReason)
  const cuota = (c: string) => cuotaText(c, i18n.language)
  return (
    <article className="flex flex-col gap-5 print:text-black">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="ghost" asChild>
          <Link to="/voting">{t('voting.back')}</Link>
        </Button>
        <Button
          onClick={() => {
            window.print()
          }}
        >
          {t('voting.print')}
        </Button>
        <Button variant="outline" asChild>
          <a href={recordCsvUrl(id)} download="votacion.csv">
            {t('voting.downloadCsv')}
          </a>
        </Button>
      </div>
      <header>
        <h1 className="text-2xl font-bold">{t('voting.actaTitle')}</h1>
        <p className="text-lg">{poll.title}</p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t('voting.fields.kind')}</dt>
        <dd>{record.data.kindLabel}</dd>
        {poll.juntaDate && (
          <>
            <dt className="font-medium">{t('voting.fields.juntaDate')}</dt>
            <dd>{dates.longDate(poll.juntaDate)}</dd>
            <dt className="font-medium">{t('voting.fields.convocatoria')}</dt>
            <dd>{record.data.convocatoriaLabel}</dd>
            <dt className="font-medium">{t('voting.fields.majority')}</dt>
            <dd>{record.data.majorityLabel}</dd>
          </>
        )}
        {poll.openedAt && (
          <>
            <dt className="font-medium">{t('voting.opened')}</dt>
            <dd>{dates.dateTime(poll.openedAt)}</dd>
          </>
        )}
        {poll.closedAt && (
          <>
            <dt className="font-medium">{t('voting.closed')}</dt>
            <dd>{dates.dateTime(poll.closedAt)}</dd>
          </>
        )}
        <dt className="font-medium">{t('voting.secret')}</dt>
        <dd>{poll.secret ? t('voting.yes') : t('voting.no')}</dd>
      </dl>

      <section aria-labelledby="acta-result">
        <h2 id="acta-result" className="mb-2 text-lg font-semibold">
          {t('voting.results')}
        </h2>
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t('voting.option')}</th>
              <th scope="col">{t('voting.votes')}</th>
              <th scope="col">%</th>
              {poll.kind === 'junta' && <th scope="col">{t('voting.cuota')}</th>}
            </tr>
          </thead>
          <tbody>
            {poll.options.map((o) => (
              <tr key={o.id}>
                <td>{o.text}</td>
                <td>{o.votes ?? 0}</td>
                <td>{o.percent ?? 0} %</td>
                {poll.kind === 'junta' && <td>{cuota(o.cuota ?? '0')}</td>}
              </tr>
            ))}
          </tbody>
        </table>
        {poll.decision && (
          <p className="mt-2">
            <strong>{poll.decision.approved ? t('voting.approved') : t('voting.notApproved')}</strong>:{' '}
            {decisionReason(poll, poll.decision, t, i18n.language)}
            {poll.provisionalUntil && ` (${t('voting.provisionalUntil', { date: dates.date(poll.provisionalUntil) })})`}
          </p>
        )}
      </section>

      <section aria-labelledby="acta-attendees">
        <h2 id="acta-attendees" className="mb-2 text-lg font-semibold">
          {t('voting.attendees')}
        </h2>
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t('voting.voter')}</th>
              <th scope="col">{t('voting.cuota')}</th>
              <th scope="col">{t('voting.representedBy')}</th>
              {!poll.secret && <th scope="col">{t('voting.vote')}</th>}
            </tr>
          </thead>
          <tbody>
            {voters.map((v) => (
              <tr key={v.voterName + v.votedAt}>
                <td>{v.voterName}</td>
                <td>{cuota(v.cuota)}</td>
                <td>{v.castByName ?? '—'}</td>
                {!poll.secret && <td>{v.optionId ? option.get(v.optionId) : '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {poll.kind === 'junta' && (
        <section aria-labelledby="acta-absent">
          <h2 id="acta-absent" className="mb-2 text-lg font-semibold">
            {t('voting.absentOwners')}
          </h2>
          <ul className="text-sm">
            {absent.map((u) => (
              <li key={u.unitId}>
                {u.ownerName} · {u.label} · {cuota(u.coefficient)}
              </li>
            ))}
            {units
              .filter((u) => u.deprivedReason)
              .map((u) => (
                <li key={u.unitId}>
                  {u.label} · {t('voting.deprivedBecause', { reason: u.deprivedReason })}
                </li>
              ))}
          </ul>
          {objections.length > 0 && (
            <p className="mt-2 text-sm">{t('voting.objections', { names: objections.map((o) => o.name).join(', ') })}</p>
          )}
        </section>
      )}
    </article>
  )
}
