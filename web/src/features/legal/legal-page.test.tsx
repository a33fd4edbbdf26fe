import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { renderRoute } from '@/test/render-route'
import { LEGAL } from './legal-texts'

describe('the legal pages', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('es'))
  })

  it('shows the privacy notice signed out, with what art. 13 RGPD asks', async () => {
    renderRoute('/privacidad')

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeInTheDocument()
    for (const heading of ['Responsable del tratamiento', 'Base jurídica', 'Cuánto tiempo', 'Tus derechos']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument()
    }
    expect(screen.getByText(/comunidad de propietarios, representada/)).toBeInTheDocument()
    expect(screen.getByText(/«Descargar mis datos»/)).toBeInTheDocument()
    expect(screen.getByText(/Agencia Española de Protección de Datos/)).toBeInTheDocument()
  })

  it('shows the terms, and both in Catalan and English', async () => {
    renderRoute('/terminos')
    expect(await screen.findByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeInTheDocument()
    await act(() => i18n.changeLanguage('ca'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Termes i condicions' })).toBeInTheDocument()
    await act(() => i18n.changeLanguage('en'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument()
  })

  it('says the same things in every language', () => {
    for (const page of ['terms', 'privacy'] as const) {
      const shape = (lang: 'es' | 'ca' | 'en') => LEGAL[lang][page].sections.map((s) => s.paragraphs.length)
      expect(shape('ca')).toEqual(shape('es'))
      expect(shape('en')).toEqual(shape('es'))
    }
  })
})
