import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names; a later Tailwind class overrides a conflicting earlier one (e.g. a caller's padding). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}
