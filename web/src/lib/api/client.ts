import createClient from 'openapi-fetch'
import { currentLanguage } from '@/lib/i18n'
import { COMMUNITY_HEADER, setTabCommunity, tabCommunity } from '@/lib/tab-community'
import type { paths } from './schema'

// Typed by the contract (npm run gen:api). Its paths already start with /api/v1, so requests go to the
// page's own origin, where the session cookie lives (an absolute base, so Request also works outside a page;
// the build's prerendering has no location, and sends no request).
export const api = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  credentials: 'same-origin',
  // Looked up on every call rather than captured once, so tests can fake the network with vi.stubGlobal.
  // The server writes a problem's detail in the app's language, not the browser's (ADR 0029).
  fetch: async (request) => {
    request.headers.set('Accept-Language', currentLanguage())
    const community = tabCommunity()
    if (!community) return globalThis.fetch(request)
    // Every call names the tab's community (ADR 0040). When the account is no longer a member of it (it
    // left, in another tab), the tab forgets it and asks again in the account's last community.
    const again = request.clone()
    request.headers.set(COMMUNITY_HEADER, community)
    const response = await globalThis.fetch(request)
    if (response.status !== 403 || !(await isNotMember(response))) return response
    setTabCommunity(null)
    return globalThis.fetch(again)
  },
})

async function isNotMember(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json()
    return typeof body === 'object' && body !== null && Reflect.get(body, 'code') === 'not_member'
  } catch {
    return false
  }
}
