import createClient from 'openapi-fetch'
import { currentLanguage } from '@/lib/i18n'
import type { paths } from './schema'

// Typed by the contract (npm run gen:api). Its paths already start with /api/v1, so requests go to the
// page's own origin, where the session cookie lives (an absolute base, so Request also works outside a page;
// the build's prerendering has no location, and sends no request).
export const api = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  credentials: 'same-origin',
  // Looked up on every call rather than captured once, so tests can fake the network with vi.stubGlobal.
  // The server writes a problem's detail in the app's language, not the browser's (ADR 0029).
  fetch: (request) => {
    request.headers.set('Accept-Language', currentLanguage())
    return globalThis.fetch(request)
  },
})
