import { act } from '@testing-library/react'

/** A stand-in for the browser's EventSource: tests open it through the app and push events into it. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []

  readonly url: string
  readyState = FakeEventSource.CONNECTING
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null

  constructor(url: string | URL) {
    super()
    this.url = String(url)
    FakeEventSource.instances.push(this)
  }

  /** The streams the app holds open now. */
  static open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED)
  }

  /** The one stream the app holds open (fails when there is none or several). */
  static current(): FakeEventSource {
    const [only, ...others] = FakeEventSource.open()
    if (!only || others.length > 0) throw new Error(`expected one open EventSource, found ${others.length + (only ? 1 : 0)}`)
    return only
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED
  }

  /** The server accepted the stream. */
  connect(): void {
    act(() => {
      this.readyState = FakeEventSource.OPEN
      this.onopen?.(new Event('open'))
    })
  }

  /** One event of the stream, as the server frames it (id, event, one line of JSON). */
  emit(type: string, data: unknown, id = ''): void {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }))
    })
  }

  /** The connection dropped; `closed`: the browser gave up (an HTTP error answer). */
  fail(closed = false): void {
    act(() => {
      this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
      this.onerror?.(new Event('error'))
    })
  }
}
