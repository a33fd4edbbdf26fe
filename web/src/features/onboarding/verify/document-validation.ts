/** The document check allows PDF, JPG and PNG up to 5 MB (spec §5). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png']
const DOCUMENT_EXTENSIONS = /\.(pdf|jpe?g|png)$/i

/** Which rule a document breaks, as a key of onboarding.verify; null when it is fine. */
export function documentError(file: File | null): 'documentRequired' | 'documentType' | 'documentTooLarge' | null {
  if (!file) return 'documentRequired'
  if (!DOCUMENT_TYPES.includes(file.type) && !DOCUMENT_EXTENSIONS.test(file.name)) return 'documentType'
  if (file.size > DOCUMENT_MAX_BYTES) return 'documentTooLarge'
  return null
}
