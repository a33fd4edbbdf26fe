import { i18n } from '@/lib/i18n'

/** Cents as the reader's language writes euros: "1.234,56 €" ("€1,234.56" in English), as the server's messages do. */
export function euros(cents: number): string {
  const english = i18n.language === 'en'
  const abs = Math.abs(cents)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, english ? ',' : '.')
  const frac = String(abs % 100).padStart(2, '0')
  const sign = cents < 0 ? '-' : ''
  return english ? `${sign}€${whole}.${frac}` : `${sign}${whole},${frac} €`
}
