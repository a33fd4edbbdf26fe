import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/request'
import { uploadFile } from './upload'

/** A stand-in XMLHttpRequest that records the request and lets the test answer it. */
class FakeXhr {
  static last: FakeXhr | undefined
  method = ''
  url = ''
  body: unknown
  headers: Record<string, string> = {}
  status = 0
  responseText = ''
  withCredentials = false
  responseType = ''
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

function lastXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request made')
  return FakeXhr.last
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeXhr.last = undefined
})

describe('uploadFile', () => {
  it('posts the raw file to the bucket, reports progress and resolves with the key and URL', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const file = new File(['png'], 'a.png', { type: 'image/png' })
    const progress: number[] = []
    const done = uploadFile('avatars', file, (fraction) => progress.push(fraction))
    const xhr = lastXhr()
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/v1/files/avatars')
    expect(xhr.body).toBe(file)
    expect(xhr.headers['Content-Type']).toBe('image/png')
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
    xhr.answer(201, { key: 'avatars/u/1.png', url: '/files/avatars/u/1.png' })
    await expect(done).resolves.toEqual({ key: 'avatars/u/1.png', url: '/files/avatars/u/1.png' })
    expect(progress).toEqual([0.5, 1])
  })

  it("rejects with an ApiError carrying the server's Spanish detail", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const done = uploadFile('avatars', new Blob(['x']))
    lastXhr().answer(413, { code: 'invalid', detail: 'El archivo es demasiado grande. Tamaño máximo: 5MB' })
    const err: unknown = await done.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).status).toBe(413)
    expect((err as ApiError).detail).toBe('El archivo es demasiado grande. Tamaño máximo: 5MB')
  })

  it('rejects with a TypeError when the network fails', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const done = uploadFile('verification-documents', new Blob(['x']))
    lastXhr().onerror?.()
    await expect(done).rejects.toBeInstanceOf(TypeError)
  })
})
