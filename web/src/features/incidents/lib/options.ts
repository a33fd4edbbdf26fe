import type { SelectOption } from '@/components/select-field'
import { useTranslation } from '@/lib/i18n'
import type { Member } from '@/lib/members'
import type { IncidentPriority, IncidentStatus } from '../api/list-incidents'
import { PRIORITIES, STATUSES } from './labels'

interface IncidentOptions {
  statuses: SelectOption<IncidentStatus>[]
  priorities: SelectOption<IncidentPriority>[]
  /** The members, to assign an incident to or to filter by. */
  people: SelectOption[]
}

/** The choices of the form's and the filters' selects. */
export function useIncidentOptions(members: Member[]): IncidentOptions {
  const { t } = useTranslation()
  return {
    statuses: STATUSES.map((s) => ({ value: s, label: t(`incidents.status.${s}`) })),
    priorities: PRIORITIES.map((p) => ({ value: p, label: t(`incidents.priority.${p}`) })),
    people: members.map((m) => ({ value: m.id, label: m.fullName || t('common.user') })),
  }
}
