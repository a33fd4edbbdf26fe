// The community this tab acts in (ADR 0040). One account may belong to several communities; each tab keeps
// its own choice in sessionStorage, sends it as X-Vecinos-Community on every API call (lib/api/client.ts)
// and as ?community= on the stream (lib/realtime.ts). Without one the server acts in the account's last
// community. A link with ?c=<id> (emails, pushes) makes that community the tab's.

const KEY = 'vecinos.community'

/** The header that names the request's community. */
export const COMMUNITY_HEADER = 'X-Vecinos-Community'

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null // storage disabled: the tab follows the account's last community
  }
}

/** The tab's community, null when it has not chosen one. */
export function tabCommunity(): string | null {
  return storage()?.getItem(KEY) ?? null
}

/** Sets (or with null forgets) the tab's community. */
export function setTabCommunity(id: string | null): void {
  const s = storage()
  if (!s) return
  if (id) s.setItem(KEY, id)
  else s.removeItem(KEY)
}

/**
 * Takes ?c=<id> out of the page's address and makes it the tab's community: an email link or a push opened
 * in its community. Runs once, before the router reads the address.
 */
export function takeCommunityFromUrl(): void {
  if (typeof location === 'undefined') return
  const url = new URL(location.href)
  const id = url.searchParams.get('c')
  if (!id) return
  setTabCommunity(id)
  url.searchParams.delete('c')
  history.replaceState(history.state, '', url.pathname + url.search + url.hash)
}

/**
 * path with the tab's community as ?community=: a download link (a PDF, a CSV) cannot carry the header, and
 * without it the server would answer for the account's last community.
 */
export function inTabCommunity(path: string): string {
  const id = tabCommunity()
  if (!id) return path
  return `${path}${path.includes('?') ? '&' : '?'}community=${encodeURIComponent(id)}`
}
