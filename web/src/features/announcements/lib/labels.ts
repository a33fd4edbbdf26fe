import type { AnnouncementPriority, AnnouncementStatus, AnnouncementType, ReactionEmoji } from '../api/list-announcements'

export const STATUSES: readonly AnnouncementStatus[] = ['publicado', 'archivado', 'expirado', 'eliminado']
/** The statuses an admin can choose when editing (eliminado comes only from Delete). */
export const EDITABLE_STATUSES = ['publicado', 'archivado', 'expirado'] as const
/** Hidden unless 'Mostrar archivados' is on. */
export const ARCHIVED_STATUSES: readonly AnnouncementStatus[] = ['archivado', 'eliminado']
export const PRIORITIES: readonly AnnouncementPriority[] = ['normal', 'critico']
export const TYPES: readonly AnnouncementType[] = ['general', 'mantenimiento', 'normativa']
export const REACTIONS: readonly ReactionEmoji[] = ['thumbs_up', 'thumbs_down', 'heart', 'bell']
