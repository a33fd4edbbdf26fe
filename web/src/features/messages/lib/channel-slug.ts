/** The preview of a private channel's name: '#' and the name lower-cased, spaces as hyphens. */
export function channelSlug(name: string): string {
  return '#' + name.trim().toLocaleLowerCase('es').replace(/\s+/g, '-')
}

/** A channel can be created only with a name that is not blank. */
export function canCreateChannel(name: string): boolean {
  return name.trim() !== ''
}
