/** A cuota as the API writes it ('41.3') in Spanish style: '41,3 %'. */
export function cuotaText(value: string | null | undefined, language = 'es'): string {
  const n = Number(value ?? 0)
  return `${n.toLocaleString(language, { maximumFractionDigits: 4 })} %`
}
