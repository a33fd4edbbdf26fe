import { z } from 'zod'
import { hasCatastralFormat, isValidCatastralReference, normalizeCatastralReference } from '@/lib/catastro'
import type { TFunction } from '@/lib/i18n'
import { findCommunityByAddressQuery as limits } from '@/lib/api/limits'

/** Street types offered in Spain (spec §9). */
export const STREET_TYPES = ['Calle', 'Avenida', 'Plaza', 'Paseo', 'Travesía', 'Camino', 'Carretera'] as const

/** The cadastral reference: spaces removed, upper case, 20 letters and digits with matching check letters. */
export function referenceSchema(t: TFunction) {
  return z.object({
    reference: z
      .string()
      .transform(normalizeCatastralReference)
      .refine((ref) => ref !== '', t('onboarding.find.referenceRequired'))
      .refine((ref) => ref === '' || hasCatastralFormat(ref), t('onboarding.find.referenceFormat'))
      .refine((ref) => !hasCatastralFormat(ref) || isValidCatastralReference(ref), t('onboarding.find.referenceInvalid')),
  })
}

const required = (message: string, max: number, tooLong: string) =>
  z.string().trim().min(1, message).max(max, tooLong)

/** The address form: province, municipality, street type, street name, number; floor optional. */
export function addressSchema(t: TFunction) {
  return z.object({
    province: required(t('onboarding.find.provinceRequired'), limits.province, t('onboarding.find.tooLong')),
    municipality: required(t('onboarding.find.municipalityRequired'), limits.municipality, t('onboarding.find.tooLong')),
    streetType: required(t('onboarding.find.streetTypeRequired'), limits.streetType, t('onboarding.find.tooLong')),
    streetName: required(t('onboarding.find.streetNameRequired'), limits.streetName, t('onboarding.find.streetNameTooLong')),
    number: required(t('onboarding.find.numberRequired'), limits.number, t('onboarding.find.numberTooLong')),
    floor: z.string().trim().max(limits.floor, t('onboarding.find.floorTooLong')),
  })
}

export type AddressValues = z.input<ReturnType<typeof addressSchema>>
