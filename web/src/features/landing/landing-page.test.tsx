import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { APP_SETTINGS_KEY } from '@/lib/app-settings'
import { i18n } from '@/lib/i18n'
import { renderRoute } from '@/test/render-route'

describe('landing page', () => {
  it('welcomes the visitor and offers to sign in or create a community', async () => {
    renderRoute('/')

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Vecinos' })).toBeInTheDocument()
    expect(screen.getByText('La forma más fácil de gestionar tu comunidad de vecinos')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: '¿Ya tienes una comunidad?' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login')
    expect(screen.getByText('o')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Crear Nueva Comunidad' })).toHaveAttribute('href', '/register')
    expect(screen.getByText('Al continuar, aceptas nuestros términos y condiciones')).toBeInTheDocument()
  })

  it('sets the title, the description and a canonical link to the current URL', async () => {
    renderRoute('/')
    await screen.findByRole('heading', { level: 1 })

    expect(document.title).toBe('Gestión de Comunidades')
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Aplicación móvil para gestionar tu comunidad de vecinos de forma sencilla y eficiente',
    )
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}/`)
  })

  it('moves the canonical link along when the user navigates', async () => {
    const { user } = renderRoute('/')

    await user.click(await screen.findByRole('link', { name: 'Iniciar Sesión' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument()
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/login`,
    )
  })

  it('speaks Catalan when the language switches to ca', async () => {
    renderRoute('/')
    await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Vecinos' })

    await act(() => i18n.changeLanguage('ca'))

    expect(screen.getByRole('heading', { level: 1, name: 'Benvingut a Vecinos' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Inicia la sessió' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Crea una comunitat nova' })).toHaveAttribute('href', '/register')
    expect(document.title).toBe('Gestió de Comunitats')
    expect(document.documentElement.lang).toBe('ca')
  })

  it('starts in the language saved in the device settings', async () => {
    localStorage.setItem(APP_SETTINGS_KEY, JSON.stringify({ language: 'en' }))
    renderRoute('/')

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Vecinos' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument()
  })
})
