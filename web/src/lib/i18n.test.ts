import { render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n, switchLanguage, Trans } from '@/lib/i18n'

describe('switchLanguage', () => {
  const changed = vi.fn()
  afterEach(() => {
    i18n.off('languageChanged', changed)
    changed.mockReset()
  })

  it('announces no change to the language the app already has, so nothing translated renders again', async () => {
    i18n.on('languageChanged', changed)
    await switchLanguage('es')
    expect(changed).not.toHaveBeenCalled()
    await switchLanguage('ca')
    expect(changed).toHaveBeenCalledExactlyOnceWith('ca')
    expect(i18n.t('common.loading')).toBe("S'està carregant…")
  })

  it('ends in the language asked for last when switches overlap', async () => {
    await Promise.all([switchLanguage('ca'), switchLanguage('en'), switchLanguage('es')])
    expect(i18n.language).toBe('es')
    await Promise.all([switchLanguage('en'), switchLanguage('ca')])
    expect(i18n.language).toBe('ca')
  })
})

describe('Trans', () => {
  it('puts the tags’ elements in the sentence, and a value in them as text, never as markup', async () => {
    const email = '<email>x</email>@example.es'
    const strong = createElement('strong')
    const { rerender } = render(
      createElement(Trans, { i18nKey: 'auth.forgot.sentDescription', values: { email }, components: { email: strong } }),
    )
    expect(screen.getByText(email).tagName).toBe('STRONG')
    expect(screen.getByText(email).parentElement).toHaveTextContent(`Si existe una cuenta con ${email}, te hemos enviado`)

    await switchLanguage('en')
    rerender(createElement(Trans, { i18nKey: 'auth.forgot.sentDescription', values: { email }, components: { email: strong } }))
    expect(screen.getByText(email).parentElement).not.toHaveTextContent('Si existe')
  })
})
