import createClient from 'openapi-fetch'
import type { paths } from './schema'

// Typed by the contract (npm run gen:api). Its paths already start with /api/v1, so requests go to the
// page's own origin, where the session cookie lives.
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' })
