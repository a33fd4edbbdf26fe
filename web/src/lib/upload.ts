import { ApiError } from '@/lib/api/request'
import { currentLanguage } from '@/lib/i18n'

/** The storage buckets the API accepts uploads into (POST /api/v1/files/{bucket}). */
export type UploadBucket =
  | 'avatars'
  | 'incident-images'
  | 'verification-documents'
  | 'community-documents'
  | 'wall-images'

/** A stored file: its key ({bucket}/{userId}/{name}) and the URL the app displays it from (/files/{key}). */
export interface UploadedFile {
  key: string
  url: string
}

/** Upload progress from 0 to 1. */
export type UploadProgress = (fraction: number) => void

/**
 * Uploads a file as the raw request body, reporting progress (fetch cannot report upload progress, so
 * this uses XMLHttpRequest). Resolves with the stored key and URL; rejects with an ApiError carrying the
 * server's `detail` (wrong type, too large, …) or a TypeError when the network fails.
 */
export async function uploadFile(
  bucket: UploadBucket,
  file: Blob,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return uploadRaw(`/api/v1/files/${bucket}`, file, isUploaded, onProgress, signal).then((body) => ({ key: body.key, url: body.url }))
}

/**
 * POSTs `file` as the raw body of `url` (a file upload of the API: the files buckets, the community's
 * documents, a chat's attachments) and resolves with the JSON answer when `accept` recognises it; rejects
 * as postFile does, or with an ApiError when the answer is not what `accept` expects.
 */
export async function uploadRaw<T>(
  url: string,
  file: Blob,
  accept: (body: unknown) => body is T,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<T> {
  const body = await postFile(url, file, onProgress, signal)
  if (!accept(body)) throw new ApiError(500, body)
  return body
}

/**
 * Posts a file as the raw request body to `url`, reporting progress from 0 to 1, and resolves with the
 * JSON the server answered; rejects with an ApiError carrying the server's `detail`, a TypeError
 * when the network fails, or a DOMException named AbortError when cancelled. Aborting the signal stops the
 * upload: the server stores nothing of a body that did not arrive whole.
 */
export function postFile(url: string, file: Blob, onProgress?: UploadProgress, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.responseType = 'text'
    if (file.type) xhr.setRequestHeader('Content-Type', file.type)
    xhr.setRequestHeader('Accept-Language', currentLanguage())
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      const body = parseJson(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1)
        resolve(body)
        return
      }
      reject(new ApiError(xhr.status, body))
    }
    xhr.onerror = () => {
      reject(new TypeError('Network request failed'))
    }
    xhr.onabort = () => {
      reject(new DOMException('Upload aborted', 'AbortError'))
    }
    if (signal) {
      if (signal.aborted) {
        xhr.abort()
        return
      }
      signal.addEventListener('abort', () => {
        xhr.abort()
      })
    }
    xhr.send(file)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

function isUploaded(body: unknown): body is UploadedFile {
  if (typeof body !== 'object' || body === null) return false
  return typeof Reflect.get(body, 'key') === 'string' && typeof Reflect.get(body, 'url') === 'string'
}
