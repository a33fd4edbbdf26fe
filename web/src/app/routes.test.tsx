import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/test/render-route'
import { ROUTE_PATHS } from './routes'

describe('route table', () => {
  it('holds every path of the spec exactly once', () => {
    expect(ROUTE_PATHS).toHaveLength(36)
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length)
  })

  it.each(ROUTE_PATHS.map((path) => path.replace(':chatId', 'chat-1')))('%s has a screen', async (path) => {
    renderRoute(path)

    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading).not.toHaveTextContent('Oops! Page not found')
  })

  it('marks screens not built yet as under construction, with a way home', async () => {
    renderRoute('/settings/roles')

    expect(await screen.findByRole('heading', { level: 1, name: 'Página en construcción' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })
})
