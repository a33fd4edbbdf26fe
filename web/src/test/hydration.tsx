import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'

/**
 * How many times a component reading `useValue` renders while React hydrates the markup the server drew of
 * it (as with a prerendered /login): once, unless the hook's client value differs from the one the page was
 * drawn with, and React then renders the reader again, synchronously, right after the hydration's commit.
 */
export async function rendersWhileHydrating(useValue: () => unknown): Promise<number> {
  let renders = 0
  function Reader() {
    renders++
    return <output>{JSON.stringify(useValue())}</output>
  }
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Reader />)
  renders = 0
  await act(async () => {
    hydrateRoot(container, <Reader />)
    await Promise.resolve()
  })
  return renders
}
