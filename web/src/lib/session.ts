import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { problemMessage } from '@/lib/api/problem'
import { api } from '@/lib/api/client'
import { ApiError, unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { useTranslation } from '@/lib/i18n'
import { sessionKey } from '@/lib/guest-query-keys'
import { forgetPushSubscription } from '@/lib/push-device'
import { tabCommunity } from '@/lib/tab-community'

/** The signed-in user as the API describes them (GET /api/v1/me). */
export type Me = components['schemas']['Me']

/**
 * The current user, or null when signed out: a 401 is an answer here, not an error. The page's preload of
 * /api/v1/me (internal/httpapi/spa.go) cannot name the tab's community, so it answers for the account's last
 * one: when that is not the tab's, the app asks again under another address the preload does not match, with
 * the header (ADR 0040).
 */
async function fetchSession(): Promise<Me | null> {
  let { data, error, response } = await api.GET('/api/v1/me')
  const community = tabCommunity()
  if (response.ok && data && community && data.communityId !== community) {
    ;({ data, error, response } = await api.GET('/api/v1/me', { querySerializer: () => `c=${encodeURIComponent(community)}` }))
    await discardPreloads()
  }
  if (response.status === 401) return null
  if (!response.ok || !data) throw new ApiError(response.status, error)
  return data
}

/**
 * Takes the page's other preloaded API answers (a screen's data, internal/httpapi/spa.go) and drops them:
 * they answer for the account's last community, not the tab's, and the screen's own calls would otherwise
 * be given them. Those calls then reach the server, with the tab's community.
 */
async function discardPreloads(): Promise<void> {
  if (typeof document === 'undefined') return
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')
  await Promise.all(
    Array.from(links)
      .filter((link) => new URL(link.href).pathname !== '/api/v1/me')
      .map((link) =>
        globalThis
          .fetch(link.href, { credentials: 'same-origin', mode: 'cors' })
          .then((r) => r.body?.cancel())
          .catch(() => undefined),
      ),
  )
}

const SIGNED_OUT_HINT = 'meta[name="vecinos-session"][content="none"]'

/**
 * Null when the server saw no session cookie on the request for this page (its hint, from
 * internal/httpapi/spa.go): the visitor is signed out, and /login shows its form without asking GET
 * /api/v1/me first. The hint stays in the page until a sign-in here (setSession) makes it stale: a render
 * React throws away may build the query in a query client that is never used, so taking it on first read
 * would lose it.
 */
function sessionAtLoad(): null | undefined {
  // No document: the build is prerendering a signed-out visitor's page (src/prerender.tsx).
  if (typeof document === 'undefined') return null
  return document.querySelector(SIGNED_OUT_HINT) ? null : undefined
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKey(),
  queryFn: fetchSession,
  staleTime: 60_000,
  initialData: sessionAtLoad,
})

/**
 * The session, from the HttpOnly cookie the app never sees: `user` is null when signed out and
 * undefined while the first answer is on its way.
 */
export function useSession() {
  const query = useQuery(sessionQueryOptions)
  return { ...query, user: query.data }
}

/** Stores the user a sign-in (login, email confirmation, test user) answered with. */
export function setSession(queryClient: QueryClient, user: Me): void {
  document.querySelector(SIGNED_OUT_HINT)?.remove()
  queryClient.setQueryData(sessionKey(), user)
}

/**
 * Forgets the session and the data cached for it (another user may sign in next on this device). Queries
 * a mounted screen still shows are left alone: removing them would make that screen fetch them again.
 */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionKey(), null)
  queryClient.removeQueries({ type: 'inactive', predicate: (query) => query.queryKey[0] !== sessionKey()[0] })
}

/**
 * The navigation state for going to /login after signing out. The cached user is forgotten there, once
 * the protected screen is gone: forgetting it earlier would make that screen's gate redirect on its own.
 */
export const SIGNED_OUT_STATE = { signedOut: true } as const

/**
 * Signing out: the server ends the session and clears the cookie (and answers 204 to a session that
 * already ended); this device's push subscription is dropped, so the next person on it gets none of this
 * account's notifications (the push service answers 410 and the server forgets the device); the app goes
 * to /login with SIGNED_OUT_STATE, which clears the cache, and says 'Sesión cerrada' there. The toast
 * waits for the sign-in screen: its code may still be loading on a slow phone, and a toast shown before
 * would expire unseen.
 */
export function useSignOut() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const logout = useMutation({
    mutationFn: async () => {
      await unwrap(api.POST('/api/v1/auth/logout'))
      // Not waited for: the browser may take its time (a service worker still installing), and signing
      // out must not; the page stays loaded while it finishes.
      void forgetPushSubscription()
    },
    // The mutation's own callback, not mutate()'s: the ended session also reaches the open stream, whose
    // sign-out may take the screen away first, and mutate()'s callbacks are dropped with its screen.
    onSuccess: () => {
      void Promise.resolve(navigate('/login', { replace: true, state: SIGNED_OUT_STATE })).then(() => {
        toast.success(t('session.signedOut'))
      })
    },
  })
  const signOut = () => {
    logout.mutate(undefined, {
      onError: (err) => {
        toast.error(t('common.error'), { description: problemMessage(err, t) })
      },
    })
  }
  return { signOut, pending: logout.isPending }
}
