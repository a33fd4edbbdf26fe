import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { i18n } from '@/lib/i18n'

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

afterEach(async () => {
  cleanup()
  localStorage.clear()
  await i18n.changeLanguage('es')
})
