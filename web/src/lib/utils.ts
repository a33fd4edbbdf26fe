import { clsx, type ClassValue } from 'clsx'
import { mergeClasses } from './merge-classes'

/** Joins class names; a later Tailwind class overrides a conflicting earlier one (e.g. a caller's padding). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs))
}
