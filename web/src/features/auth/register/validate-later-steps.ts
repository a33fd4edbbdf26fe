import { hasCatastralFormat, isValidCatastralReference } from '@/lib/catastro'
import { isEmail } from '@/lib/email'
import type { TFunction } from '@/lib/i18n'
import { parseEmailList } from './community-values'
import { INVITE_CODE_LENGTH, type RegisterField, type RegisterValues } from './register-values'
import { stepError, type InviteStatus, type StepError } from './validate-steps'

// The checks of the steps after the first, in the chunk those steps load in (later-steps.ts).

const STREET_NAME_MAX = 100
const SHORT_MAX = 10

/** Step 1, Comunidad: the code (if any) must lead to a community; otherwise the address must be complete. */
export function validateCommunity(values: RegisterValues, invite: InviteStatus, t: TFunction): StepError | null {
  const code = values.inviteCode
  if (code.length > 0 && code.length < INVITE_CODE_LENGTH) {
    return stepError(t, [['inviteCode', t('auth.register.community.inviteCodeLength')]])
  }
  if (invite === 'checking') return stepError(t, [['inviteCode', t('auth.register.community.inviteChecking')]])
  if (invite === 'not-found' || invite === 'failed') {
    return stepError(
      t,
      [['inviteCode', t('auth.register.community.invalidTokenDescription')]],
      t('auth.register.community.invalidTokenTitle'),
    )
  }

  const fields: [RegisterField, string][] = []
  const joining = invite === 'found'
  if (!joining) {
    const ref = values.catastralReference
    if (ref && !hasCatastralFormat(ref))
      fields.push(['catastralReference', t('auth.register.community.catastralFormat')])
    else if (ref && !isValidCatastralReference(ref)) {
      fields.push(['catastralReference', t('auth.register.community.catastralInvalid')])
    }
    const street = values.streetName.trim()
    if (!street) fields.push(['streetName', t('auth.register.community.streetNameRequired')])
    else if (street.length > STREET_NAME_MAX)
      fields.push(['streetName', t('auth.register.community.streetNameTooLong')])
    const number = values.streetNumber.trim()
    if (!number) fields.push(['streetNumber', t('auth.register.community.streetNumberRequired')])
    else if (number.length > SHORT_MAX) fields.push(['streetNumber', t('auth.register.community.streetNumberTooLong')])
  }
  if (values.floor.trim().length > SHORT_MAX) fields.push(['floor', t('auth.register.community.floorTooLong')])
  if (!joining && !/^\d{5}$/.test(values.postalCode.trim())) {
    fields.push(['postalCode', t('auth.register.community.postalCodeInvalid')])
  }
  for (const name of ['floorsCount', 'doorsPerFloor'] as const) {
    const text = values[name].trim()
    if (text && !isCount(text, 0)) fields.push([name, t('auth.register.community.countMin0')])
  }
  if (values.hasStairs && !isCount(values.stairsCount.trim(), 1)) {
    fields.push(['stairsCount', t('auth.register.community.countMin1')])
  }
  if (values.hasPortals && !isCount(values.portalsCount.trim(), 1)) {
    fields.push(['portalsCount', t('auth.register.community.countMin1')])
  }
  return fields.length > 0 ? stepError(t, fields) : null
}

/** Step 2, Contactos, in the spec's order: terms, role, comments for 'Otros', the president's data. */
export function validateContacts(values: RegisterValues, t: TFunction): StepError | null {
  const fields: [RegisterField, string][] = []
  if (!values.acceptTerms) fields.push(['acceptTerms', t('auth.register.contacts.termsRequired')])
  if (!values.communityRole) fields.push(['communityRole', t('auth.register.contacts.roleRequired')])
  if (values.communityRole === 'Otros' && !values.roleComments.trim()) {
    fields.push(['roleComments', t('auth.register.contacts.commentsRequired')])
  }
  if (values.knowsPresident) {
    if (!values.presidentName.trim()) fields.push(['presidentName', t('auth.register.contacts.presidentNameRequired')])
    if (!values.presidentFloor.trim()) {
      fields.push(['presidentFloor', t('auth.register.contacts.presidentFloorRequired')])
    }
    const email = values.presidentEmail.trim()
    if (email && !isEmail(email)) fields.push(['presidentEmail', t('auth.register.contacts.presidentEmailInvalid')])
    if (values.presidentPhone.trim() && !isPhone(values.presidentPhone)) {
      fields.push(['presidentPhone', t('auth.register.contacts.phoneInvalid')])
    }
  }
  const badInvitee = parseEmailList(values.inviteeEmails).find((email) => !isEmail(email))
  if (badInvitee) fields.push(['inviteeEmails', t('auth.register.contacts.inviteeInvalid', { email: badInvitee })])
  return fields.length > 0 ? stepError(t, fields) : null
}

/** A whole number of at least `min`, as typed in a numeric field. */
function isCount(text: string, min: number): boolean {
  return /^\d{1,4}$/.test(text) && Number(text) >= min
}

/** International form: an optional plus, a first digit 1-9, at most 15 digits (spaces and dashes ignored). */
export function isPhone(text: string): boolean {
  return /^\+?[1-9]\d{0,14}$/.test(text.replace(/[\s-]/g, ''))
}
