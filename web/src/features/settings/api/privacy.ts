import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { ApiError, unwrap } from '@/lib/api/request'
import { currentLanguage } from '@/lib/i18n'
import { settingsKeys } from './query-keys'

/** My acceptance of the terms and the privacy policy: the version in force and every acceptance. */
export function useConsent() {
  return useQuery({
    queryKey: settingsKeys.consent(),
    queryFn: () => unwrap(api.GET('/api/v1/account/consent')),
    staleTime: 5 * 60_000,
  })
}

/** Accepts the version in force (the one the member read). */
export function useAcceptConsent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (version: string) => unwrap(api.POST('/api/v1/account/consent', { body: { version } })),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKeys.consent(), data)
    },
  })
}

const EXPORT_URL = '/api/v1/account/export'

/** The file name of a Content-Disposition header, or a default. */
export function downloadName(disposition: string | null): string {
  const match = /filename="?([^";]+)"?/.exec(disposition ?? '')
  return match?.[1] ?? 'vecinos-mis-datos.zip'
}

/**
 * Downloads the ZIP of everything stored about me (RGPD arts. 15 and 20). It is fetched rather than
 * followed as a link so that a refusal (too many exports) shows as a message instead of a page of JSON.
 */
export async function downloadMyData(): Promise<void> {
  const res = await fetch(EXPORT_URL, { credentials: 'same-origin', headers: { 'Accept-Language': currentLanguage() } })
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => undefined))
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = downloadName(res.headers.get('Content-Disposition'))
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file; the object URL may go once the click has been handled.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 0)
}

/** 'Descargar mis datos' as a mutation, for its pending state and its error. */
export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData })
}
