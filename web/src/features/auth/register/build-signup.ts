import type { Language } from '@/lib/app-settings'
import type { SignUpInput, SignupMetadata } from '@/lib/signup'
import type { CommunitySummary } from '../api/lookup-community'
import { DEFAULT_COUNTRY, parseEmailList, REGISTRATION_CITY } from './community-values'
import type { RegisterValues } from './register-values'

/**
 * The sign-up request from the three steps. With a community found by its code the user joins it (with
 * the unit of a letter's link, /register?token=…&unit=…, to preselect in /choose-unit); otherwise they
 * ask to create one named after the address ('Calle Mayor 5'), in Madrid.
 */
export function buildSignUp(
  values: RegisterValues,
  found: CommunitySummary | null,
  language: Language,
  inviteUnit = '',
  invitation = '',
): SignUpInput {
  const street = [values.streetType, values.streetName.trim(), values.streetNumber.trim()].filter(Boolean).join(' ')
  const community: SignupMetadata = found
    ? {
        community_intent: 'join',
        invite_token: values.inviteCode,
        ...(inviteUnit ? { invite_unit: inviteUnit } : {}),
        // An invitation email's personal link: lets its addressee in directly, even where the code needs approval.
        ...(invitation ? { invitation } : {}),
        community_name: found.name,
        community_address: found.address,
        community_city: found.city,
      }
    : {
        community_intent: 'create',
        community_name: street,
        community_address: street,
        community_city: REGISTRATION_CITY,
        community_postal_code: values.postalCode.trim(),
        community_country: DEFAULT_COUNTRY,
        catastral_reference: text(values.catastralReference),
        street_type: values.streetType,
        street_name: text(values.streetName),
        street_number: text(values.streetNumber),
      }
  const otros = values.communityRole === 'Otros'
  const invitees = parseEmailList(values.inviteeEmails)
  const metadata: SignupMetadata = {
    community_role: values.communityRole,
    role_comments: otros ? text(values.roleComments) : undefined,
    ...community,
    floor: text(values.floor),
    floors_count: count(values.floorsCount),
    doors_per_floor: count(values.doorsPerFloor),
    nomenclature: text(values.nomenclature),
    stairs_count: values.hasStairs ? count(values.stairsCount) : undefined,
    portals_count: values.hasPortals ? count(values.portalsCount) : undefined,
    observations: text(values.observations),
    knows_president: values.knowsPresident,
    ...(values.knowsPresident && {
      president_name: text(values.presidentName),
      president_floor: text(values.presidentFloor),
      president_email: text(values.presidentEmail),
      president_phone: text(values.presidentPhone)?.replace(/[\s-]/g, ''),
    }),
    invitee_emails: invitees.length > 0 ? invitees : undefined,
  }
  return {
    email: values.email.trim(),
    password: values.password,
    fullName: values.fullName.trim(),
    language,
    metadata: withoutUndefined(metadata),
    // The form goes no further without it; the server records the version in force and the time.
    acceptTerms: values.acceptTerms,
  }
}

/** Trimmed text, or undefined when empty (the request leaves the field out). */
function text(value: string): string | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

function count(value: string): number | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : Number(trimmed)
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
