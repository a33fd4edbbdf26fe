import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuthorAvatar, authorFallback } from './author-avatar'

describe('AuthorAvatar without a picture', () => {
  it('shows the first name’s initial and the unit number, without the unit’s spaces', () => {
    expect(authorFallback('ana García', '3B')).toBe('A3B')
    expect(authorFallback('Carmen Ruiz', '1º A')).toBe('C1ºA')
    expect(authorFallback('Óscar', null)).toBe('Ó')
  })

  it('takes a smaller type for four letters and more, so they stay inside the circle', () => {
    const { container, rerender } = render(<AuthorAvatar src={null} name="Ana" unitNumber="3B" />)
    expect(container.firstElementChild).toHaveClass('text-[0.7rem]')
    rerender(<AuthorAvatar src={null} name="Carmen" unitNumber="1º A" />)
    expect(container.firstElementChild).toHaveTextContent('C1ºA')
    expect(container.firstElementChild).toHaveClass('text-[0.6rem]')
    expect(container.firstElementChild).not.toHaveClass('text-[0.7rem]')
  })
})
