import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { rendersWhileHydrating } from '@/test/hydration'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  // The test files share one environment: the next one starts online again, with no offline notice.
  window.dispatchEvent(new Event('online'))
})

// First: the module's state is still the one a page starts with.
it('hydrates a page drawn with the prerendered state without rendering its readers again', async () => {
  const { usePwa } = await import('./pwa')
  expect(await rendersWhileHydrating(usePwa)).toBe(1)
})

it('counts the files kept on this device only once offline, where the notice shows them', async () => {
  vi.stubEnv('DEV', false) // startPwa leaves the service worker alone in development
  const ready = Promise.resolve({ active: { postMessage: vi.fn() } })
  vi.stubGlobal('navigator', {
    onLine: true,
    serviceWorker: { addEventListener: vi.fn(), register: () => new Promise(() => undefined), ready },
  })
  const cacheKeys = vi.fn(() => Promise.resolve(['vecinos-shell-3', 'vecinos-runtime']))
  const open = vi.fn((name: string) => Promise.resolve({ keys: () => Promise.resolve(name === 'vecinos-shell-3' ? [1, 2, 3] : [4]) }))
  vi.stubGlobal('caches', { keys: cacheKeys, open })
  const { startPwa, usePwa } = await import('./pwa')
  const { result } = renderHook(() => usePwa())

  // Online, as a page starts and once the worker is ready: nothing shows the count, so nothing lists the cache.
  startPwa()
  await act(() => ready)
  expect(result.current.online).toBe(true)
  expect(cacheKeys).not.toHaveBeenCalled()

  act(() => {
    window.dispatchEvent(new Event('offline'))
  })
  await waitFor(() => {
    expect(result.current.cachedFiles).toBe(3)
  })
  expect(result.current.online).toBe(false)
  expect(open).toHaveBeenCalledWith('vecinos-shell-3')
})
