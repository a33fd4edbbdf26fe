import type { BadgeVariant } from '@/components/ui/badge'

export type JuntaStatus = 'borrador' | 'convocada' | 'celebrada' | 'firmada'

export const STATUS_BADGE: Record<JuntaStatus, BadgeVariant> = {
  borrador: 'secondary',
  convocada: 'blue',
  celebrada: 'orange',
  firmada: 'green',
}

/** A date and hour as people read them, in the app's language: '12 de marzo de 2027, 18:00'. */
export function whenText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))
}
