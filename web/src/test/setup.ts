import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach, vi } from 'vitest'
import { LANGUAGES } from '@/lib/app-settings'
import { i18n, loadWholeCatalogue, switchLanguage } from '@/lib/i18n'
import { fakeApi } from './fake-api'

// The app loads a language's whole catalogue when a screen past the landing page opens; tests render
// screens on their own, so every catalogue is there from the start.
await loadWholeCatalogue()
for (const language of LANGUAGES) await switchLanguage(language)
await switchLanguage('es')

// Lazy screens are compiled on first import; on a busy two-core CI machine that can take over a second.
configure({ asyncUtilTimeout: 5000 })

// jsdom implements neither; the theme hook reads the OS preference and the router restores scroll.
window.matchMedia = vi.fn((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
  addListener: vi.fn(),
  removeListener: vi.fn(),
  dispatchEvent: vi.fn(() => false),
}))
window.scrollTo = vi.fn()

// No test reaches a real server: the API client's fetch goes to the fake (signed out by default).
beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi.fetch)
})

// The test files share one environment (vite.config.ts: isolate false), so each test puts back every global
// and spy it replaced.
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  // Sonner keeps toasts in a module-level store and replays the active ones to a new <Toaster>.
  toast.dismiss()
  vi.useRealTimers()
  fakeApi.reset()
  localStorage.clear()
  sessionStorage.clear()
  await i18n.changeLanguage('es')
})
