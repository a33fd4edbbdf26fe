/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { serviceWorker } from './pwa/plugin.ts'

// In development the Go server (make run) answers the API; Vite only serves the SPA.
const backend = 'http://localhost:8080'

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backend,
      '/dev': backend,
      '/healthz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    // Only unit and component tests; the Playwright suite in e2e/ runs against the real binary.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom for all test files instead of one each: a third of the time on a two-core machine. The
    // setup file resets what tests change (DOM, storage, globals, spies, language, fake API) after each test.
    pool: 'threads',
    isolate: false,
  },
})
