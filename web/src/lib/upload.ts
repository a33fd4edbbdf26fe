import { ApiError } from '@/lib/api/request'

/** The storage buckets the API accepts uploads into (POST /api/v1/files/{bucket}). */
export type UploadBucket = 'avatars' | 'incident-images' | 'verification-documents' | 'community-documents'

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
 * server's Spanish `detail` (wrong type, too large, …) or a TypeError when the network fails.
 */
export async function uploadFile(
  bucket: UploadBucket,
  file: Blob,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const body = await postFile(`/api/v1/files/${bucket}`, file, onProgress, signal)
  if (!isUploaded(body)) throw new ApiError(500, body)
  return { key: body.key, url: body.url }
}

/**
 * Posts a file as the raw request body to `url`, reporting progress, and resolves with the JSON the
 * server answered; rejects as uploadFile does. Aborting the signal stops the upload: the server stores
 * nothing of a body that did not arrive whole.
 */
export function postFile(url: string, file: Blob, onProgress?: UploadProgress, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.responseType = 'text'
    if (file.type) xhr.setRequestHeader('Content-Type', file.type)
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
