import type { TFunction } from '@/lib/i18n'
import type { Announcement } from '../api/list-announcements'

/** The author's name; 'Usuario eliminado' once their account is gone (the API sends ''). */
export function authorName(announcement: Pick<Announcement, 'author'>, t: TFunction): string {
  const name = announcement.author.fullName.trim()
  if (name !== '') return name
  return announcement.author.id === null ? t('announcements.deletedAuthor') : t('common.user')
}
