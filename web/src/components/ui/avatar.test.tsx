import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar } from './avatar'

describe('Avatar', () => {
  it('shows a generic user icon when there is no picture', () => {
    render(<Avatar name="Ana García" src={null} />)

    const avatar = screen.getByRole('img', { name: 'Ana García' })
    expect(avatar.querySelector('svg')).toBeInTheDocument()
    expect(avatar).toHaveTextContent('')
  })

  it('shows the picture while it loads fine', () => {
    render(<Avatar name="Ana García" src="/files/ana.png" />)

    expect(screen.getByRole('img', { name: 'Ana García' })).toHaveAttribute('src', '/files/ana.png')
  })

  it('shows the initials when the picture fails to load', () => {
    render(<Avatar name="Ángel Núñez" src="/files/missing.png" size="lg" />)

    fireEvent.error(screen.getByRole('img', { name: 'Ángel Núñez' }))

    const avatar = screen.getByRole('img', { name: 'Ángel Núñez' })
    expect(avatar).not.toHaveAttribute('src')
    expect(avatar).toHaveTextContent('ÁN')
  })

  it("falls back to 'Usuario' when the person has no name", () => {
    render(<Avatar src="/files/missing.png" />)

    fireEvent.error(screen.getByRole('img', { name: 'Usuario' }))

    expect(screen.getByRole('img', { name: 'Usuario' })).toHaveTextContent('US')
  })

  it('tries again when the picture changes', () => {
    const { rerender } = render(<Avatar name="Ana" src="/files/old.png" />)
    fireEvent.error(screen.getByRole('img', { name: 'Ana' }))

    rerender(<Avatar name="Ana" src="/files/new.png" />)

    expect(screen.getByRole('img', { name: 'Ana' })).toHaveAttribute('src', '/files/new.png')
  })
})
