import { describe, expect, it } from 'vitest'
import { rendersWhileHydrating } from '@/test/hydration'
import { DEFAULT_APP_SETTINGS, parseAppSettings, useAppSettings } from './app-settings'

describe('parseAppSettings', () => {
  it('gives the spec defaults when nothing is stored', () => {
    expect(parseAppSettings(null)).toEqual({
      language: 'es',
      theme: 'system',
      soundEnabled: true,
      fontSize: 'medium',
      dataSaver: false,
    })
  })

  it('reads every stored field', () => {
    const stored = { language: 'ca', theme: 'dark', soundEnabled: false, fontSize: 'large', dataSaver: true }
    expect(parseAppSettings(JSON.stringify(stored))).toEqual(stored)
  })

  it('replaces only the invalid fields with their defaults', () => {
    const raw = JSON.stringify({ language: 'fr', theme: 'light', soundEnabled: 'no', fontSize: 'huge' })
    expect(parseAppSettings(raw)).toEqual({ ...DEFAULT_APP_SETTINGS, theme: 'light' })
  })

  it.each(['not json', '42', '"es"', '[]', 'null'])('survives a corrupt value: %s', (raw) => {
    expect(parseAppSettings(raw)).toEqual(DEFAULT_APP_SETTINGS)
  })
})

describe('useAppSettings', () => {
  it('hydrates a page drawn with the defaults without rendering its readers again', async () => {
    localStorage.removeItem('appSettings')
    expect(await rendersWhileHydrating(useAppSettings)).toBe(1)
  })
})

describe('writeAppSettings', () => {
  it('stores the change under appSettings and tells whether it differs from the defaults', async () => {
    const { writeAppSettings, readAppSettings, differsFromDefaults } = await import('./app-settings')
    expect(differsFromDefaults(readAppSettings())).toBe(false)
    const next = writeAppSettings({ theme: 'dark' })
    expect(next).toEqual({ ...DEFAULT_APP_SETTINGS, theme: 'dark' })
    expect(JSON.parse(localStorage.getItem('appSettings') ?? '{}')).toMatchObject({ theme: 'dark' })
    expect(differsFromDefaults(readAppSettings())).toBe(true)
    writeAppSettings({ theme: 'system' })
    expect(differsFromDefaults(readAppSettings())).toBe(false)
  })
})
