import { act } from '@testing-library/react'
import { vi } from 'vitest'

/**
 * A stand-in XMLHttpRequest for the uploads of lib/upload.ts: `install()` puts it in place of the real
 * one for the current test; each request is recorded, and the test reports its progress and answers it.
 */
export class FakeXhr {
  static all: FakeXhr[] = []

  /** Replaces XMLHttpRequest until the test's globals are unstubbed (vi.unstubAllGlobals). */
  static install(): void {
    FakeXhr.all = []
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
  }

  /** The newest request. */
  static last(): FakeXhr {
    const xhr = FakeXhr.all.at(-1)
    if (!xhr) throw new Error('no upload made')
    return xhr
  }

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
  aborted = false

  constructor() {
    FakeXhr.all.push(this)
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
    this.aborted = true
    this.onabort?.()
  }

  /** Reports that `loaded` of `total` bytes went up. */
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total })
    })
  }

  /** Answers with a status and a JSON body, and lets the app take it in. */
  async answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    await act(async () => {
      this.onload?.()
      await Promise.resolve()
    })
  }

  /** Fails as a network error does. */
  async fail() {
    await act(async () => {
      this.onerror?.()
      await Promise.resolve()
    })
  }
}
